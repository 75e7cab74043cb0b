// The browser half of report.html: draws the plots from the JSON data island with Observable
// Plot. Bundled with Plot into client.generated.ts by generate-client.ts, so the page works
// offline. Every text from benchmark output reaches the page as text nodes only (Plot's marks
// and textContent), never as markup.
import * as Plot from '@observablehq/plot';

const COLORS = { domain: ['base', 'head'], range: ['#6b7280', '#2563eb'], legend: true };

function samples(d) {
  return [...d.base.map((value) => ({ side: 'base', value })), ...d.head.map((value) => ({ side: 'head', value }))];
}

function distribution(d) {
  const data = samples(d);
  return Plot.plot({
    height: 140,
    marginLeft: 50,
    x: { label: d.unit, grid: true },
    y: { label: null },
    color: COLORS,
    marks: [
      Plot.boxX(data, { x: 'value', y: 'side', stroke: '#9ca3af', fill: 'none' }),
      Plot.dot(data, { x: 'value', y: 'side', fill: 'side', r: 3, fillOpacity: 0.6 }),
    ],
  });
}

function rounds(d) {
  const data = ['base', 'head'].flatMap((side) => d.rounds[side].rounds.map((round, i) => ({ side, round, value: d.rounds[side].values[i] })));
  return Plot.plot({
    height: 180,
    marginLeft: 60,
    x: { label: 'round', tickFormat: 'd' },
    y: { label: d.unit, grid: true },
    color: COLORS,
    marks: [Plot.line(data, { x: 'round', y: 'value', stroke: 'side' }), Plot.dot(data, { x: 'round', y: 'value', fill: 'side', r: 3 })],
  });
}

function complexity(d) {
  const c = d.complexity;
  const points = ['base', 'head'].flatMap((side) => c.points[side].map(([n, value]) => ({ side, n, value })));
  const curves = ['base', 'head'].flatMap((side) => c.curves[side].map(([n, value]) => ({ side, n, value, fit: `${side}: ${c[side]}` })));
  return Plot.plot({
    height: 220,
    marginLeft: 60,
    x: { label: 'n', grid: true },
    y: { label: d.unit, grid: true },
    color: COLORS,
    marks: [
      Plot.line(curves, { x: 'n', y: 'value', stroke: 'side', strokeDasharray: '4 3' }),
      Plot.dot(points, { x: 'n', y: 'value', fill: 'side', r: 4 }),
      Plot.text(curves, Plot.selectLast({ x: 'n', y: 'value', text: 'fit', fill: 'side', textAnchor: 'end', dy: -8 })),
    ],
  });
}

const DRAW = { distribution, rounds, complexity };

const data = JSON.parse(document.getElementById('benchgate-data').textContent);
for (const figure of document.querySelectorAll('figure[data-plot]')) {
  const d = data.plots[Number(figure.dataset.index)];
  figure.append(DRAW[figure.dataset.plot](d));
}
document.documentElement.dataset.plotted = 'true';
