import type { ClientDirective } from 'astro';

/** Hydrates an island on the visitor's first focus, key press or pointer press inside it, so it costs nothing until used. */
const interaction: ClientDirective = (load, _options, el) => {
  const events = ['focusin', 'pointerdown', 'keydown', 'input'] as const;
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of events) el.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
  };
  for (const type of events) el.addEventListener(type, start, { passive: true });
};

export default interaction;
