// Toggles the navigation menu on small screens.
(function () {
  'use strict';

  const toggle = document.getElementById('menu-toggle');
  const menu = document.querySelector('nav .menu');
  if (!toggle || !menu) return;

  let open = false;

  function setOpen(value) {
    open = value;
    menu.classList.toggle('is-open', open);
    toggle.setAttribute('aria-expanded', String(open));
  }

  toggle.addEventListener('click', (event) => {
    event.preventDefault();
    setOpen(!open);
  });

  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggle.focus();
    }
  });

  const links = Array.from(menu.querySelectorAll('a[href]'));
  const current = links.find((a) => a.pathname === location.pathname);
  if (current) current.classList.add('current');
  window.galleyMenu = { setOpen, isOpen: () => open, version: 1.2 };
})();
