/** XML parsing that fails with FormatError (with the line, when the validator knows it) for the XML formats. */
import { type XMLParser, XMLValidator } from 'fast-xml-parser';
import { FormatError } from './types.js';

export function parseXml(format: string, parser: XMLParser, text: string): unknown {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new FormatError(format, `invalid XML: ${valid.err.msg}`, valid.err.line);
  try {
    return parser.parse(text);
  } catch (error) {
    throw new FormatError(format, `invalid XML: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * An attribute's text (the XML formats parse with `attributeNamePrefix: ''` and attribute values
 * as text). A child element of the same name lands under the same key as an object: that is not
 * the attribute, and reads as absent rather than as "[object Object]".
 */
export function attribute(node: Record<string, unknown>, name: string): string | undefined {
  const value = node[name];
  return typeof value === 'string' ? value : undefined;
}
