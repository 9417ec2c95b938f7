/** How values enter an e-mail: placeholders filled, links kept to http(s), header values on one line. */

/** An outbox row that cannot become an e-mail (unknown template, missing or unsafe data): retrying will not help. */
export class MailRenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailRenderError';
  }
}

/** Fills `{name}` placeholders; a placeholder without a value is a programming error, never sent as is. */
export function fill(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new MailRenderError(`The copy names an unknown value {${name}}.`);
    return value;
  });
}

/** Only absolute http(s) links are ever put in an e-mail. */
export function safeUrl(value: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new MailRenderError(`${field} is not an absolute URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new MailRenderError(`${field} is not an http(s) URL.`);
  return url.href;
}

/** A single line: no line breaks (they would end a header), no surrounding spaces. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim();
}
