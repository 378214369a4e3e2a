/**
 * @module presentations/ui/client-script
 * The web UI's only script of its own (served as /ui/assets/ui.js; htmx does the rest): an
 * element with `data-events` follows an update's server-sent events, moving its <progress> and
 * status line, and shows the outcome the server renders when the job ends. Without script the
 * job page shows the same state on reload.
 */
export const CLIENT_JS = `
(function () {
  function follow(box) {
    if (box.dataset.following) return;
    box.dataset.following = '1';
    var bar = box.querySelector('progress');
    var line = box.querySelector('[data-status]');
    var source = new EventSource(box.dataset.events);
    source.addEventListener('progress', function (e) {
      var p = JSON.parse(e.data);
      if (bar) {
        if (p.total > 0) { bar.max = p.total; bar.value = p.done; } else { bar.removeAttribute('value'); }
      }
      if (line) line.textContent = p.text;
    });
    source.addEventListener('done', function (e) {
      source.close();
      box.innerHTML = e.data;
    });
    source.onerror = function () {
      source.close();
      if (line) line.textContent = 'Lost the progress stream; reload the page to see the outcome.';
    };
  }
  function scan() { document.querySelectorAll('[data-events]').forEach(follow); }
  document.addEventListener('DOMContentLoaded', scan);
  document.addEventListener('htmx:afterSettle', scan);
})();
`;
