// The browser half of report.html: draws the forest plot and each benchmark's plots from the
// JSON data island with Observable Plot, and sorts and filters the table. Bundled with Plot
// and d3-hierarchy into client.generated.ts by generate-client.ts, so the page works offline.
// Every text from benchmark output reaches the page as text nodes only (Plot's marks,
// textContent), never as markup.
import * as Plot from '@observablehq/plot';
import { hierarchy, partition } from 'd3-hierarchy';

const COLORS = { domain: ['base', 'head'], range: ['#6b7280', '#2563eb'], legend: true };
const VERDICT_COLORS = { regression: '#dc2626', improvement: '#16a34a', inconclusive: '#d97706', unchanged: '#6b7280' };

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

/**
 * rounds auto: a dashed rule at each look, a solid one where the benchmark closed, and the
 * rounds after it shaded as not used (the run went on for others).
 */
function sequentialMarks(s) {
  const unused =
    s.lastRound > s.closedAt
      ? [
          Plot.rectX([{ x1: s.closedAt + 0.5, x2: s.lastRound + 0.5 }], {
            x1: 'x1',
            x2: 'x2',
            fill: '#f3f4f6',
            className: 'rounds-unused',
          }),
          Plot.text([(s.closedAt + s.lastRound + 1) / 2], {
            x: (x) => x,
            text: () => 'not used',
            frameAnchor: 'top',
            dy: 6,
            fill: '#6b7280',
          }),
        ]
      : [];
  const looks = s.looks.filter((r) => r <= s.lastRound);
  return [
    ...unused,
    Plot.ruleX(looks, { stroke: '#9ca3af', strokeDasharray: '3 3', className: 'rounds-look', title: (r) => `look after round ${r}` }),
    Plot.ruleX([s.closedAt], { stroke: '#111827', className: 'rounds-closed', title: (r) => `closed at round ${r}` }),
  ];
}

function rounds(d) {
  const data = ['base', 'head'].flatMap((side) =>
    d.rounds[side].rounds.map((round, i) => ({ side, round, value: d.rounds[side].values[i] })),
  );
  const s = d.sequential;
  return Plot.plot({
    height: 180,
    marginLeft: 60,
    x: { label: 'round', tickFormat: 'd', ...(s ? { domain: [0.5, s.lastRound + 0.5] } : {}) },
    y: { label: d.unit, grid: true },
    color: COLORS,
    marks: [
      ...(s ? sequentialMarks(s) : []),
      Plot.line(data, { x: 'round', y: 'value', stroke: 'side' }),
      Plot.dot(data, { x: 'round', y: 'value', fill: 'side', r: 3 }),
    ],
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

// Percent changes the forest's axis may label; the thinning below keeps those that fit.
const TICK_PERCENTS = [
  -99, -95, -90, -80, -75, -50, -30, -20, -10, -5, -2, -1, 0, 1, 2, 5, 10, 20, 30, 50, 100, 200, 300, 500, 1000, 2000, 5000, 10000,
];

const percentLabel = (p) => (p === 0 ? '0%' : `${p > 0 ? '+' : '−'}${Math.abs(Number(p.toPrecision(3)))}%`);

/** Ticks from 0% outwards, each at least `minGap` (in log ratio) from the ones kept. */
function percentTicks([lo, hi], extra, minGap) {
  const candidates = [...new Set([...TICK_PERCENTS, ...extra])]
    .map((p) => ({ p, at: Math.log(1 + p / 100) }))
    .filter(({ p }) => 1 + p / 100 >= lo && 1 + p / 100 <= hi)
    .sort((a, b) => Math.abs(a.at) - Math.abs(b.at));
  const kept = [];
  for (const t of candidates) if (kept.every((k) => Math.abs(k.at - t.at) >= minGap)) kept.push(t);
  return kept.map(({ p }) => 1 + p / 100);
}

/**
 * One row per gated comparison: the change as a dot, its interval as a line, on a ratio (log)
 * axis labelled in percent, over the ±threshold band.
 */
function forest(f, width) {
  const rows = f.rows.map((r, i) => ({ ...r, i, ratio: 1 + r.change / 100, lo: 1 + r.ci[0] / 100, hi: 1 + r.ci[1] / 100 }));
  const t = f.thresholdPct / 100;
  const lowest = Math.min(...rows.map((r) => r.lo), t < 1 ? 1 - t : 1);
  const highest = Math.max(...rows.map((r) => r.hi), 1 + t);
  const domain = [lowest / 1.04, highest * 1.04];
  const longest = Math.max(0, ...rows.map((r) => r.label.length));
  const marginLeft = Math.min(320, Math.max(90, 7 * longest + 16));
  const rowHeight = rows.length > 60 ? 14 : 22;
  const plotWidth = width - marginLeft - 20;
  const band =
    t > 0 && t < 1 ? [Plot.rectX([{ x1: 1 - t, x2: 1 + t }], { x1: 'x1', x2: 'x2', fill: '#e5e7eb', className: 'forest-threshold' })] : [];
  // The legend names only the verdicts on the plot, in the report's order.
  const verdicts = Object.keys(VERDICT_COLORS).filter((v) => rows.some((r) => r.verdict === v));
  return Plot.plot({
    width,
    height: 60 + rows.length * rowHeight,
    marginLeft,
    marginRight: 20,
    x: {
      type: 'log',
      domain,
      ticks: percentTicks(domain, [f.thresholdPct, -f.thresholdPct], Math.log(domain[1] / domain[0]) / Math.max(2, plotWidth / 70)),
      tickFormat: (ratio) => percentLabel((ratio - 1) * 100),
      label: 'change of head vs base →',
      grid: true,
    },
    y: { domain: rows.map((r) => r.i), label: null, axis: null },
    color: { domain: verdicts, range: verdicts.map((v) => VERDICT_COLORS[v]), legend: true },
    marks: [
      ...band,
      Plot.ruleX([1], { stroke: '#6b7280' }),
      Plot.axisY({ tickFormat: (i) => rows[i].label, textOverflow: 'ellipsis-middle', lineWidth: (marginLeft - 12) / 6, tickSize: 0 }),
      Plot.ruleY(rows, { y: 'i', x1: 'lo', x2: 'hi', stroke: 'verdict', strokeWidth: 2, className: 'forest-interval' }),
      Plot.dot(rows, {
        x: 'ratio',
        y: 'i',
        fill: 'verdict',
        r: 4.5,
        className: 'forest-change',
        ariaLabel: (r) => `${r.label}: ${r.text}`,
        title: (r) => `${r.label}\n${r.text}`,
        href: (r) => (r.anchor ? `#${r.anchor}` : null),
      }),
    ],
  });
}

const ICICLE_ROW = 26;
const MORE = '#dc2626';
const SAME = '#f3f4f6';
const FEWER = '#16a34a';

/** A label cut to the cell's width (about 6.5 px a character at 11 px), or none in a narrow cell. */
function fitted(label, pixels) {
  const chars = Math.floor((pixels - 6) / 6.5);
  if (chars < 4) return '';
  return label.length <= chars ? label : `${label.slice(0, chars - 1)}…`;
}

/** The call tree laid out once: each function under its caller, as wide as its larger side's inclusive count. */
function icicleLayout(tree) {
  const larger = (n) => Math.max(n.base, n.head);
  // partition sums each node's own value with its children's: give it what the children leave, so a
  // function that vanished on one side still shows at its other side's width.
  const root = hierarchy(tree, (n) => n.children).sum((n) => Math.max(0, larger(n) - n.children.reduce((s, c) => s + larger(c), 0)));
  return partition()(root);
}

/** The cells shown with `focus` zoomed to the full width: its callers above it, its callees below. */
function icicleCells(focus, width) {
  const span = focus.x1 - focus.x0;
  const shown = [...focus.ancestors().reverse().slice(0, -1), ...focus.descendants()];
  return shown.map((n) => {
    const x1 = Math.max(n.x0, focus.x0);
    const x2 = Math.min(n.x1, focus.x1);
    return {
      node: n,
      x1,
      x2,
      y1: n.depth,
      y2: n.depth + 1,
      delta: n.data.own,
      title: n.data.title,
      label: fitted(n.data.label, ((x2 - x1) / span) * width),
    };
  });
}

/**
 * A differential icicle of a flagged benchmark's call tree, each cell coloured by its own change
 * (head − base outside its callees) on a scale centred on 0 (red: more, green: fewer, as the verdicts). Clicking a cell zooms into it;
 * clicking the cell in focus, or a caller above it, zooms back out.
 */
function icicle(d, width) {
  const root = icicleLayout(d.icicle);
  const extent = Math.max(...root.descendants().map((n) => Math.abs(n.data.own))) || 1;
  const color = { type: 'linear', domain: [-extent, 0, extent], range: [FEWER, SAME, MORE], label: 'own change, head − base per op' };
  const legend = Plot.legend({ color, marginLeft: 16, marginRight: 16, width: 300 });
  const chart = document.createElement('div');
  const container = document.createElement('div');
  container.className = 'icicle';
  container.append(legend, chart);
  const draw = (focus) => {
    const cells = icicleCells(focus, width);
    const plot = Plot.plot({
      width,
      height: (root.height + 1) * ICICLE_ROW + 2,
      margin: 1,
      x: { domain: [focus.x0, focus.x1], axis: null },
      y: { domain: [0, root.height + 1], axis: null, reverse: true },
      color,
      marks: [
        Plot.rect(cells, {
          x1: 'x1',
          x2: 'x2',
          y1: 'y1',
          y2: 'y2',
          fill: 'delta',
          stroke: 'white',
          title: 'title',
          className: 'icicle-cell',
        }),
        Plot.text(cells, {
          x: 'x1',
          y: (c) => c.y1 + 0.5,
          text: 'label',
          textAnchor: 'start',
          dx: 4,
          fontSize: 11,
          fill: (c) => (Math.abs(c.delta) > 0.55 * extent ? 'white' : '#111827'),
          pointerEvents: 'none',
          className: 'icicle-label',
        }),
      ],
    });
    // Plot draws one rect per cell, in the cells' order.
    plot.querySelectorAll('g.icicle-cell rect').forEach((rect, i) => {
      const { node } = cells[i];
      rect.style.cursor = 'pointer';
      rect.addEventListener('click', () => draw(node === focus ? (focus.parent ?? focus) : node));
    });
    chart.replaceChildren(plot);
    container.dataset.focus = focus.data.label;
  };
  draw(root);
  return container;
}

const DRAW = { distribution, rounds, complexity, icicle };

const data = JSON.parse(document.getElementById('benchgate-data').textContent);

function drawFigure(figure) {
  if (figure.dataset.drawn) return;
  figure.dataset.drawn = 'true';
  figure.append(DRAW[figure.dataset.plot](data.plots[Number(figure.dataset.index)], Math.max(320, figure.clientWidth)));
}

/** A section's plots are drawn when it is first open: folded ones cost nothing until then. */
function drawWhenOpen(section) {
  const draw = () => section.querySelectorAll('figure[data-plot]').forEach(drawFigure);
  if (section.open) draw();
  else section.addEventListener('toggle', () => section.open && draw());
}

/** A link to a folded section (the table's, the forest's, the address bar's) opens it. */
function openTarget() {
  const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (target instanceof HTMLDetailsElement) target.open = true;
}

/** The benchmark rows of a group (a <tbody>), without the row that heads it. */
const rowsOf = (group) => [...group.rows].filter((row) => !row.classList.contains('group'));

/** Sorts the rows within each group (suite and package), so a package heading stays above its own rows. */
function sortable(table) {
  const groups = [...table.tBodies];
  const headers = [...table.tHead.rows[0].cells];
  headers.forEach((th, column) => {
    th.querySelector('button').addEventListener('click', () => {
      const ascending = th.getAttribute('aria-sort') !== 'ascending';
      for (const other of headers) other.removeAttribute('aria-sort');
      th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
      const numeric = th.dataset.sortType === 'number';
      const key = (row) => {
        const td = row.cells[column];
        if (!numeric) return td.textContent.trim().toLowerCase();
        return td.dataset.sort === '' ? null : Number(td.dataset.sort);
      };
      for (const group of groups) {
        const rows = rowsOf(group).map((row) => ({ row, key: key(row) }));
        rows.sort((a, b) => {
          // Rows without a value (no change, no p) go last whichever the direction.
          if (a.key === null || b.key === null) return (a.key === null) - (b.key === null);
          const order = numeric ? a.key - b.key : a.key.localeCompare(b.key);
          return ascending ? order : -order;
        });
        group.append(...rows.map((r) => r.row));
      }
    });
  });
}

/** Filters by the words in the name or the group's heading (suite, package) and by verdict; an emptied group hides its heading. */
function filterable(table) {
  const text = document.getElementById('table-filter');
  const verdict = document.getElementById('table-verdict');
  const count = document.getElementById('table-count');
  const groups = [...table.tBodies].map((group) => ({ heading: group.rows[0], rows: rowsOf(group) }));
  const total = groups.reduce((n, g) => n + g.rows.length, 0);
  const apply = () => {
    const words = text.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const { heading, rows } of groups) {
      let visibleInGroup = 0;
      for (const row of rows) {
        const haystack = `${heading.textContent} ${row.cells[0].textContent}`.toLowerCase();
        const visible = words.every((w) => haystack.includes(w)) && (!verdict.value || row.dataset.verdict === verdict.value);
        row.hidden = !visible;
        if (visible) visibleInGroup++;
      }
      heading.hidden = visibleInGroup === 0;
      shown += visibleInGroup;
    }
    count.textContent = `${shown} of ${total} shown`;
  };
  text.addEventListener('input', apply);
  verdict.addEventListener('change', apply);
  apply();
}

const table = document.getElementById('results');
if (table) {
  sortable(table);
  filterable(table);
}
const forestFigure = document.getElementById('forest');
if (forestFigure && data.forest.rows.length > 0) forestFigure.append(forest(data.forest, Math.max(480, forestFigure.clientWidth)));
document.querySelectorAll('details[id]').forEach(drawWhenOpen);
window.addEventListener('hashchange', openTarget);
openTarget();
document.documentElement.dataset.plotted = 'true';
