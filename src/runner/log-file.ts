/**
 * The results log's file name inside an output directory: `measure` writes the log there,
 * conclude publishes it beside the reports, and `report --from` and `/benchmark` read it back.
 */
export const LOG_FILE = 'results.jsonl';
