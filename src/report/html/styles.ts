/** The page's styles, inlined (the Content-Security-Policy allows no external sheet). */
export const STYLES = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 1100px; padding: 0 1rem; color: #111827; }
h1.fail, h1.error { color: #b91c1c; } h1.pass { color: #15803d; } h1.inconclusive { color: #a16207; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; }
th, td { border-bottom: 1px solid #e5e7eb; padding: .3rem .5rem; text-align: right; }
th:first-child, td:first-child, td.name, #results th:nth-child(6), #results td:nth-child(6), #results th:nth-child(7), #results td:nth-child(7) { text-align: left; }
table.env th { text-align: left; width: 14rem; } table.env td { text-align: left; }
tr.regression td { background: #fef2f2; } tr.improvement td { background: #f0fdf4; }
td.name { font-family: ui-monospace, monospace; word-break: break-all; }
#results td:nth-child(n+2):nth-child(-n+5) { white-space: nowrap; } /* values, change, p: one line each */
details { border-top: 1px solid #d1d5db; padding: .5rem 0; } details[open] { padding-bottom: 1rem; }
summary { cursor: pointer; } summary h3 { display: inline; font-family: ui-monospace, monospace; word-break: break-all; }
summary h3 small { font-family: system-ui, sans-serif; color: #6b7280; font-weight: normal; }
summary .change { color: #374151; white-space: nowrap; } p.hint { color: #6b7280; font-size: 13px; }
#forest { margin: 1rem 0 1.5rem; } #forest svg a circle { cursor: pointer; }
#results tr.group th { text-align: left; font-weight: 600; background: #f3f4f6; padding-top: .5rem; }
.table-controls { display: flex; gap: .5rem; align-items: center; margin-top: .5rem; }
.table-controls input { flex: 0 1 22rem; padding: .25rem .4rem; font: inherit; } .table-controls select { font: inherit; padding: .2rem; }
.table-controls output { color: #6b7280; font-size: 13px; }
th button { all: unset; cursor: pointer; font-weight: 600; } th button:focus-visible { outline: 2px solid #2563eb; }
th[aria-sort=ascending] button::after { content: ' ▲'; } th[aria-sort=descending] button::after { content: ' ▼'; }
ul.warnings { color: #92400e; } div.alert { border-left: 4px solid #d97706; background: #fffbeb; padding: .25rem .75rem; margin: 1rem 0; } ul.numbers { color: #374151; font-size: 13px; }
.figures { display: flex; flex-wrap: wrap; gap: 1rem; } figure { margin: 0; flex: 1 1 480px; }
figcaption { color: #6b7280; font-size: 12px; }
section.attribution h4 { margin: 1rem 0 .25rem; } .attribution-body { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
.attribution-body figure { flex: 3 1 520px; } .attribution-table { flex: 2 1 400px; min-width: 0; font-size: 13px; }
table.functions { margin-top: 0; } table.functions td { vertical-align: top; white-space: nowrap; }
table.functions td.name { text-align: left; font-family: ui-monospace, monospace; white-space: normal; word-break: break-all; }
table.functions small { display: block; color: #6b7280; font-size: 11px; } table.functions td.name small { font-family: system-ui, sans-serif; }
table.functions tr.more td.delta { color: #b91c1c; } table.functions tr.fewer td.delta { color: #15803d; }
ul.facts { padding-left: 1.2rem; color: #374151; } footer { margin-top: 2rem; color: #6b7280; font-size: 12px; }
`;
