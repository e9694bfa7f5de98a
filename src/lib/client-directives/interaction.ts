import type { ClientDirective } from 'astro';

/** Hydrates an island on the visitor's first focus, key press or pointer press inside it, so it costs nothing until used. */
const interaction: ClientDirective = (load, _options, el) => {
  const events = ['focusin', 'pointerdown', 'keydown', 'input'] as const;
  let started = false;
  const hydrate = async () => {
    const run = await load();
    await run();
  };
  const start = () => {
    if (started) return;
    started = true;
    for (const type of events) el.removeEventListener(type, start);
    // A failed hydration leaves the server-rendered form, which works on its own.
    hydrate().catch(() => {});
  };
  for (const type of events) el.addEventListener(type, start, { passive: true });
};

export default interaction;
