// Galley: a "Copy" button on every highlighted code block. Progressive enhancement: without
// JavaScript or the Clipboard API (plain-http pages) there is no button and nothing changes.
// It copies the code's text only: line numbers are CSS counters, never part of the text.
(function () {
  if (!navigator.clipboard || !document.querySelectorAll) return;
  document.querySelectorAll('div.highlighter-rouge').forEach(function (block) {
    var code = block.querySelector('pre code') || block.querySelector('pre');
    if (!code || block.querySelector('.copy-code')) return;
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-code';
    button.textContent = 'Copy';
    button.setAttribute('aria-label', 'Copy code');
    var status = document.createElement('span');
    status.className = 'copy-code-status';
    status.setAttribute('role', 'status');
    var timer;
    function show(text, state) {
      button.textContent = text;
      button.setAttribute('data-state', state);
      status.textContent = state === 'idle' ? '' : text;
    }
    button.addEventListener('click', function () {
      navigator.clipboard.writeText(code.textContent.replace(/\n$/, '')).then(function () {
        show('Copied', 'done');
      }, function () {
        show('Press Ctrl+C', 'failed');
        var range = document.createRange();
        range.selectNodeContents(code);
        var selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
      });
      clearTimeout(timer);
      timer = setTimeout(function () { show('Copy', 'idle'); }, 2000);
    });
    block.classList.add('has-copy');
    block.appendChild(button);
    block.appendChild(status);
  });
})();
