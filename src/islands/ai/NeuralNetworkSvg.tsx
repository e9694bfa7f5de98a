import type { NetworkArchitecture } from '../../lib/ai/network.ts';
import { networkDrawing } from '../../lib/ai/view.ts';

/**
 * The Neural Network tab's graphic, in SVG: the input layer (one node per priority label), the hidden layers (nodes
 * per layer = nodes / layers; at most 6 drawn, the count written below) and the 4 output nodes, each layer joined to
 * the next.
 */
export function NeuralNetworkSvg({ architecture }: { architecture: NetworkArchitecture }) {
  const drawing = networkDrawing(architecture);
  return (
    <figure data-test="neural-network-graphic">
      <svg viewBox={`0 0 ${drawing.width} ${drawing.height}`} className="palette-fixed h-auto w-full rounded-lg bg-slate-900" role="img" aria-labelledby="nn-title nn-desc">
        <title id="nn-title">Neural network</title>
        <desc id="nn-desc">{drawing.description}</desc>
        <g stroke="#6366f1" strokeOpacity="0.35" strokeWidth="0.6">
          {drawing.links.map((l, i) => (
            <line key={i} x1={l.x1} y1={l.y1} x2={l.x2} y2={l.y2} />
          ))}
        </g>
        {drawing.columns.map((column) => (
          <g key={column.x}>
            {column.nodes.map((n) => (
              <circle key={n.y} cx={n.x} cy={n.y} r="5" fill={column.colour} />
            ))}
            <text x={column.x} y={drawing.height - 8} textAnchor="middle" fill="#cbd5e1" fontSize="9">
              {column.caption}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="mt-2 text-xs text-slate-600">{drawing.description}</figcaption>
    </figure>
  );
}
