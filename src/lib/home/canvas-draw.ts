// The neural canvas's drawing (browser only, no framework): a small network on a 2D context, with pulses running from
// the input layer to the output (a new transaction's in its kind's colour, a soft wave for a new block, a faint one
// now and then). The island (src/islands/NeuralCanvas.tsx) owns the canvas and the animation frames; this module only
// paints what it is told.

const LAYERS = [5, 7, 7, 4];
/** How long a pulse takes to cross one layer. */
const PULSE_MS = 700;

interface Pulse {
  layer: number;
  from: number;
  to: number;
  t: number;
  colour: string;
  strong: boolean;
}

/** The painter of one canvas. */
export interface NetworkPainter {
  /** Sends a pulse through every layer: strong for a detection, faint otherwise. */
  spawn(colour: string, strong: boolean): void;
  /** Moves the pulses on by `dt` ms (a faint one may start) and paints the frame. */
  frame(dt: number): void;
  /** Paints the network as it is, without moving anything (the reduced-motion frame). */
  still(): void;
}

function nodePosition(layer: number, index: number, width: number, height: number): [number, number] {
  const count = LAYERS[layer] ?? 1;
  const x = 24 + (layer * (width - 48)) / (LAYERS.length - 1);
  const y = ((index + 1) * height) / (count + 1);
  return [x, y];
}

/** A painter for `canvas`; null when the browser gives no 2D context. */
export function networkPainter(canvas: HTMLCanvasElement, random: () => number = Math.random): NetworkPainter | null {
  const context = canvas.getContext('2d');
  if (!context) return null;
  let pulses: Pulse[] = [];

  const size = (): { width: number; height: number } => {
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
    if (canvas.height !== Math.round(height * ratio)) canvas.height = Math.round(height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    return { width, height };
  };

  const paint = (): void => {
    const { width, height } = size();
    context.clearRect(0, 0, width, height);
    context.lineWidth = 0.6;
    context.strokeStyle = 'rgba(129, 140, 248, 0.25)';
    for (let layer = 0; layer < LAYERS.length - 1; layer++) {
      for (let i = 0; i < (LAYERS[layer] ?? 0); i++) {
        for (let j = 0; j < (LAYERS[layer + 1] ?? 0); j++) {
          const [x1, y1] = nodePosition(layer, i, width, height);
          const [x2, y2] = nodePosition(layer + 1, j, width, height);
          context.beginPath();
          context.moveTo(x1, y1);
          context.lineTo(x2, y2);
          context.stroke();
        }
      }
    }
    for (const p of pulses) {
      if (p.t < 0 || p.t > 1) continue;
      const [x1, y1] = nodePosition(p.layer, p.from, width, height);
      const [x2, y2] = nodePosition(p.layer + 1, p.to, width, height);
      context.fillStyle = p.colour;
      context.globalAlpha = p.strong ? 1 : 0.45;
      context.beginPath();
      context.arc(x1 + (x2 - x1) * p.t, y1 + (y2 - y1) * p.t, p.strong ? 3.5 : 2.5, 0, Math.PI * 2);
      context.fill();
    }
    context.globalAlpha = 1;
    for (let layer = 0; layer < LAYERS.length; layer++) {
      for (let i = 0; i < (LAYERS[layer] ?? 0); i++) {
        const [x, y] = nodePosition(layer, i, width, height);
        context.fillStyle = layer === 0 ? '#38bdf8' : layer === LAYERS.length - 1 ? '#34d399' : '#a78bfa';
        context.beginPath();
        context.arc(x, y, 4, 0, Math.PI * 2);
        context.fill();
      }
    }
  };

  const spawn = (colour: string, strong: boolean): void => {
    for (let layer = 0; layer < LAYERS.length - 1; layer++) {
      pulses.push({ layer, from: Math.floor(random() * (LAYERS[layer] ?? 1)), to: Math.floor(random() * (LAYERS[layer + 1] ?? 1)), t: -layer, colour, strong });
    }
  };

  return {
    spawn,
    frame(dt) {
      for (const p of pulses) p.t += dt / PULSE_MS;
      pulses = pulses.filter((p) => p.t <= 1);
      // A faint pulse now and then: the network is listening.
      if (random() < dt / 900) spawn('#818cf8', false);
      paint();
    },
    still: paint,
  };
}
