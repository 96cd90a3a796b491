// Galley's search. The index is split (see README, "Search"): search/manifest.json, then one shard
// per query word (t/<hex of its first letters>.json), then the fragment of each result shown
// (d/<n / per>.json, `per` consecutive documents to a file). Nothing is fetched until the box is
// used, and nothing from another site, ever.
(() => {
  "use strict";
  const forms = document.querySelectorAll("form[data-search]");
  if (!forms.length || !window.fetch) return;
  const base = forms[0].dataset.search;
  // The words come from the page's language, as data- attributes of the form (partials/search-words);
  // English when a theme leaves them out. `{q}` is the query, `{n}` a number.
  const english = {
    searching: "Searching…", noResults: "No results for “{q}”", more: "More results", oneResult: "1 result",
    resultCount: "{n} results", allResults: "All {n} results", resultsLabel: "Search results",
  };
  const say = (form, key, values) => {
    let s = form.dataset[key] || english[key];
    for (const k in values || {}) s = s.split("{" + k + "}").join(values[k]);
    return s;
  };
  const count = (form, n) => (n === 1 ? say(form, "oneResult") : say(form, "resultCount", { n }));
  const files = new Map();
  let manifest = null;
  const load = (path) => {
    if (!files.has(path)) {
      const v = manifest && manifest.id ? "?v=" + manifest.id : "";
      files.set(path, fetch(base + path + v).then((r) => (r.ok ? r.json() : null)).catch(() => null));
    }
    return files.get(path);
  };
  const ready = () => (manifest ? Promise.resolve(manifest) : load("manifest.json").then((m) => (manifest = m || { split: [] })));
  // What result `d` shows: its entry in the file it shares with its neighbours.
  const fragment = (d) => {
    const per = manifest.per || 1;
    return load("d/" + Math.floor(d / per) + ".json").then((f) => (f && f[d % per]) || null);
  };

  // Folding as the index does it: decompose, drop combining marks, lowercase.
  const fold = (s) => s.normalize("NFD").replace(/\p{Mn}/gu, "").toLowerCase();
  const words = (s) => fold(s).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const hex = (s) => Array.from(new TextEncoder().encode(s), (b) => b.toString(16).padStart(2, "0")).join("");
  const head = (w, n) => Array.from(w).slice(0, n).join("");

  // Documents matching every word (a word matches the terms it begins), best first.
  async function search(query) {
    const m = await ready();
    const qs = [...new Set(words(query))].slice(0, 8);
    if (!qs.length) return { qs, hits: [] };
    const shards = await Promise.all(qs.map((q) => {
      const two = head(q, 2);
      const key = m.split && m.split.includes(two) && Array.from(q).length > 2 ? head(q, 3) : two;
      return load("t/" + hex(key) + ".json");
    }));
    let total = null;
    qs.forEach((q, i) => {
      const shard = shards[i] || {};
      const scores = new Map();
      for (const term in shard) {
        if (!term.startsWith(q)) continue;
        const p = shard[term];
        let doc = 0;
        for (let k = 0; k < p.length; k += 2) {
          doc += p[k];
          const s = term === q ? p[k + 1] * 2 : p[k + 1];
          if (s > (scores.get(doc) || 0)) scores.set(doc, s);
        }
      }
      if (!total) total = scores;
      else {
        const next = new Map();
        for (const [d, s] of total) if (scores.has(d)) next.set(d, s + scores.get(d));
        total = next;
      }
    });
    const hits = [...total].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([d]) => d);
    return { qs, hits };
  }

  // Text with the words that begin with a query word marked.
  function marked(text, qs) {
    const out = document.createDocumentFragment();
    let last = 0;
    for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
      const f = fold(m[0]);
      if (!qs.some((q) => f.startsWith(q))) continue;
      out.append(text.slice(last, m.index));
      const mark = document.createElement("mark");
      mark.textContent = m[0];
      out.append(mark);
      last = m.index + m[0].length;
    }
    out.append(text.slice(last));
    return out;
  }

  // About 160 characters around the first word that matches, cut at word boundaries.
  function snippet(text, qs) {
    let at = -1;
    for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
      const f = fold(m[0]);
      if (qs.some((q) => f.startsWith(q))) { at = m.index; break; }
    }
    if (at < 0) at = 0;
    let start = Math.max(0, at - 60);
    if (start > 0) { const sp = text.indexOf(" ", start); start = sp >= 0 && sp < at ? sp + 1 : start; }
    let end = Math.min(text.length, start + 170);
    if (end < text.length) { const sp = text.lastIndexOf(" ", end); if (sp > at) end = sp; }
    return (start > 0 ? "… " : "") + text.slice(start, end) + (end < text.length ? " …" : "");
  }

  function resultItem(doc, qs, id) {
    const li = document.createElement("li");
    li.className = "search-result";
    if (id) { li.id = id; li.setAttribute("role", "option"); li.setAttribute("aria-selected", "false"); }
    const a = document.createElement("a");
    a.href = doc.u;
    a.className = "search-result-title";
    a.append(marked(doc.t, qs));
    li.append(a);
    if (doc.d) {
      const date = document.createElement("span");
      date.className = "search-result-date";
      date.textContent = doc.d;
      li.append(" ", date);
    }
    const p = document.createElement("p");
    p.className = "search-result-snippet";
    p.append(marked(snippet(doc.x, qs), qs));
    li.append(p);
    return li;
  }

  const pageOf = (form) => form.dataset.page;
  for (const form of forms) {
    const input = form.querySelector("input[name=q]");
    // With JavaScript the form goes to this site's search page, not to the web search it falls back to.
    form.action = pageOf(form);
    form.querySelectorAll("[data-fallback]").forEach((el) => el.remove());
    input.addEventListener("focus", ready, { once: true });
    if (form.dataset.results) pageSearch(form, input);
    else dropdown(form, input);
  }

  // The search page: every result, ten at a time; `/search/?q=kotlin` works as a link.
  function pageSearch(form, input) {
    const list = document.getElementById(form.dataset.results);
    const status = document.getElementById("search-status");
    status.hidden = false;
    let run = 0;
    async function go(query, push) {
      const mine = ++run;
      list.textContent = "";
      if (push) history.replaceState(null, "", pageOf(form) + (query ? "?q=" + encodeURIComponent(query) : ""));
      if (!words(query).length) { status.textContent = ""; return; }
      status.textContent = say(form, "searching");
      const { qs, hits } = await search(query);
      if (mine !== run) return;
      status.textContent = hits.length ? count(form, hits.length) : say(form, "noResults", { q: query });
      let shown = 0;
      async function more() {
        const docs = await Promise.all(hits.slice(shown, shown + 10).map(fragment));
        if (mine !== run) return;
        for (const doc of docs) if (doc) list.append(resultItem(doc, qs));
        shown += 10;
        const old = document.getElementById("search-more");
        if (old) old.remove();
        if (shown < hits.length) {
          const b = document.createElement("button");
          b.id = "search-more";
          b.type = "button";
          b.className = "search-more";
          b.textContent = say(form, "more");
          b.addEventListener("click", more);
          list.after(b);
        }
      }
      await more();
    }
    const q = new URLSearchParams(location.search).get("q") || "";
    input.value = q;
    if (q) go(q, false);
    let timer = 0;
    input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(() => go(input.value, true), 120); });
    form.addEventListener("submit", (e) => { e.preventDefault(); go(input.value, true); });
  }

  // The header box: the first results under it while typing; arrows move, Enter opens.
  function dropdown(form, input) {
    const list = document.createElement("ul");
    list.className = "search-dropdown";
    list.id = input.id + "-results";
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", say(form, "resultsLabel"));
    list.hidden = true;
    form.append(list);
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-controls", list.id);
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-autocomplete", "list");
    let active = -1;
    let run = 0;
    const items = () => [...list.querySelectorAll(".search-result")];
    function setActive(n) {
      const all = items();
      active = all.length ? (n + all.length) % all.length : -1;
      all.forEach((li, i) => li.setAttribute("aria-selected", String(i === active)));
      if (active >= 0) { input.setAttribute("aria-activedescendant", all[active].id); all[active].scrollIntoView({ block: "nearest" }); }
      else input.removeAttribute("aria-activedescendant");
    }
    function close() {
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
      active = -1;
    }
    async function go() {
      const mine = ++run;
      const query = input.value;
      if (!words(query).length) { list.textContent = ""; close(); return; }
      const { qs, hits } = await search(query);
      const docs = await Promise.all(hits.slice(0, 5).map(fragment));
      if (mine !== run) return;
      list.textContent = "";
      docs.forEach((doc, i) => { if (doc) list.append(resultItem(doc, qs, list.id + "-" + i)); });
      const all = document.createElement("li");
      all.className = "search-all";
      const a = document.createElement("a");
      a.href = pageOf(form) + "?q=" + encodeURIComponent(query);
      a.textContent = hits.length === 1 ? count(form, 1) : hits.length ? say(form, "allResults", { n: hits.length }) : say(form, "noResults", { q: query });
      all.append(a);
      list.append(all);
      list.dataset.query = query;
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
      active = -1;
    }
    let timer = 0;
    input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(go, 80); });
    input.addEventListener("keydown", (e) => {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        if (list.hidden) return;
        e.preventDefault();
        setActive(active + (e.key === "ArrowDown" ? 1 : -1));
      } else if (e.key === "Enter" && active >= 0) {
        e.preventDefault();
        location.href = items()[active].querySelector("a").href;
      } else if (e.key === "Escape") {
        if (!list.hidden) { e.preventDefault(); close(); } else input.blur();
      }
    });
    form.addEventListener("focusout", (e) => { if (!form.contains(e.relatedTarget)) close(); });
  }

  // `/` focuses the first search box, unless the reader is typing somewhere.
  document.addEventListener("keydown", (e) => {
    if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
    const box = document.querySelector(".search-page .search-input") || forms[0].querySelector("input[name=q]");
    e.preventDefault();
    box.focus();
  });
})();
