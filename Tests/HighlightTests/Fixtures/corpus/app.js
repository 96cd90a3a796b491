'use strict';
const path = require('path');
const { promisify } = require("util");

/**
 * Builds a table of contents from headings.
 */
function buildToc(headings, depth = 3) {
  const toc = [];
  for (let i = 0; i < headings.length; i++) {
    const h = headings[i];
    if (h.level > depth) {
      continue;
    }
    toc.push({ id: h.id, text: h.text.trim(), level: h.level });
  }
  return toc;
}

class Slugger {
  constructor() {
    this.seen = new Map();
  }

  slug(text) {
    let base = text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const n = this.seen.get(base) || 0;
    this.seen.set(base, n + 1);
    return n === 0 ? base : `${base}-${n}`;
  }
}

// Copy buttons, progressive enhancement.
document.querySelectorAll('pre.highlight').forEach((pre) => {
  const button = document.createElement('button');
  button.textContent = "Copy";
  button.addEventListener('click', async () => {
    await navigator.clipboard.writeText(pre.innerText);
    button.textContent = 'Copied!';
    setTimeout(() => { button.textContent = "Copy"; }, 1500);
  });
  pre.parentNode.insertBefore(button, pre);
});

const config = {
  port: 8080,
  ratio: 0.25,
  enabled: true,
  name: null,
  list: [1, 2, 3],
};

async function* lines(stream) {
  for await (const chunk of stream) {
    yield* chunk.split("\n");
  }
}

module.exports = { buildToc, Slugger, config, lines };
if (typeof window === 'undefined' && config.port !== 80) {
  console.log(`listening on ${config.port}`);
}
var legacy = void 0;
delete config.name;
export { legacy };
