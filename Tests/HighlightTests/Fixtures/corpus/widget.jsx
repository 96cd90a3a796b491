import React, { useState } from "react";

// A copy button for code blocks.
export function CopyButton({ text, label = "Copy" }) {
  const [copied, setCopied] = useState(false);
  const onClick = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <button className="copy-code" onClick={onClick}>
      {copied ? "Copied" : label}
    </button>
  );
}
