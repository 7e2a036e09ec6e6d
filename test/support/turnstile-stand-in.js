// A stand-in for Cloudflare's Turnstile script (api.js, explicit rendering), served by the test
// server so that no test reaches the internet: the kit's `captcha: {turnstileSiteKey, scriptUrl}`
// loads it instead of the real one. It answers as Turnstile's published test site keys do: the
// always-pass keys (1x…) hand out the dummy token XXXX.DUMMY.TOKEN.XXXX a moment after render
// or reset; the always-fail keys (2x…) call `error-callback`. `window.__turnstileStandIn`
// records what the page asked of it.
(() => {
  const DUMMY = 'XXXX.DUMMY.TOKEN.XXXX';
  const widgets = new Map();
  const record = (window.__turnstileStandIn = { loads: (window.__turnstileStandIn?.loads ?? 0) + 1, renders: [], resets: 0, removes: 0 });
  let next = 0;

  function run(id) {
    setTimeout(() => {
      const widget = widgets.get(id);
      if (!widget) return;
      if (widget.params.sitekey.startsWith('2x')) {
        widget.params['error-callback']?.('600010');
      } else {
        widget.token = DUMMY;
        widget.params.callback?.(DUMMY);
      }
    }, 20);
  }

  window.turnstile = {
    render(container, params) {
      const id = `stand-in-${++next}`;
      const box = document.createElement('div');
      box.className = 'turnstile-stand-in';
      box.dataset.sitekey = params.sitekey;
      container.append(box);
      widgets.set(id, { box, params });
      record.renders.push({ id, container, params });
      run(id);
      return id;
    },
    reset(id) {
      record.resets += 1;
      const widget = widgets.get(id);
      if (widget) widget.token = undefined;
      run(id);
    },
    remove(id) {
      record.removes += 1;
      widgets.get(id)?.box.remove();
      widgets.delete(id);
    },
    getResponse(id) {
      return widgets.get(id)?.token;
    },
  };
})();
