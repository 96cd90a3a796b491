// Code tabs: each <div class="code-tabs"> (consecutive fences with tab="…") becomes a WAI-ARIA
// tab list. Without this script every block shows under its label, so nothing is ever hidden
// from a reader. Choosing a label switches every group on the page that has it and is
// remembered across pages (localStorage), so a Kotlin reader picks Kotlin once.
(function () {
  'use strict';
  var KEY = 'galley-code-tab';
  var groups = [];

  function remembered() {
    try { return localStorage.getItem(KEY); } catch (e) { return null; }
  }

  function remember(label) {
    try { localStorage.setItem(KEY, label); } catch (e) { /* private mode: the choice lasts this page */ }
  }

  // Shows the panel labelled `label` in `group`; false when the group has no such tab.
  function select(group, label, focus) {
    var index = group.labels.indexOf(label);
    if (index < 0) return false;
    group.tabs.forEach(function (tab, i) {
      var on = i === index;
      tab.setAttribute('aria-selected', on ? 'true' : 'false');
      tab.tabIndex = on ? 0 : -1;
      group.panels[i].hidden = !on;
    });
    if (focus) group.tabs[index].focus();
    return true;
  }

  function choose(label, from) {
    remember(label);
    // Keep the group the reader used where it is on screen while others change height above it.
    var before = from.root.getBoundingClientRect().top;
    groups.forEach(function (group) { select(group, label, group === from); });
    var shift = from.root.getBoundingClientRect().top - before;
    if (shift) window.scrollBy(0, shift);
  }

  function build(root, g) {
    var panels = Array.prototype.filter.call(root.children, function (el) { return el.classList.contains('code-tab'); });
    if (panels.length < 2) return;
    var group = { root: root, panels: panels, labels: [], tabs: [] };
    var list = document.createElement('div');
    list.className = 'code-tabs-list';
    list.setAttribute('role', 'tablist');
    list.setAttribute('aria-label', 'Code variants');
    panels.forEach(function (panel, i) {
      var label = panel.getAttribute('data-tab') || String(i + 1);
      var tab = document.createElement('button');
      tab.type = 'button';
      tab.id = 'code-tab-' + g + '-' + i;
      tab.textContent = label;
      tab.setAttribute('role', 'tab');
      panel.id = panel.id || 'code-panel-' + g + '-' + i;
      tab.setAttribute('aria-controls', panel.id);
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', tab.id);
      tab.addEventListener('click', function () { choose(label, group); });
      tab.addEventListener('keydown', function (event) {
        var next = null;
        if (event.key === 'ArrowRight') next = (i + 1) % panels.length;
        else if (event.key === 'ArrowLeft') next = (i - 1 + panels.length) % panels.length;
        else if (event.key === 'Home') next = 0;
        else if (event.key === 'End') next = panels.length - 1;
        if (next === null) return;
        event.preventDefault();
        choose(group.labels[next], group);
      });
      group.labels.push(label);
      group.tabs.push(tab);
      list.appendChild(tab);
    });
    root.insertBefore(list, root.firstChild);
    root.classList.add('is-tabbed');
    groups.push(group);
  }

  Array.prototype.forEach.call(document.querySelectorAll('.code-tabs'), build);
  var stored = remembered();
  groups.forEach(function (group) {
    if (!(stored && select(group, stored, false))) select(group, group.labels[0], false);
  });
})();
