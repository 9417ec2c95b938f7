// The contact page renders on the server from its page data, in the market's language.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { render } from '../../entry-server';
import type { PageData } from '../storefront';

const example = (name: string) =>
  (
    YAML.parse(
      readFileSync(
        join(import.meta.dirname, '../../../../openapi/storefront/components/examples', `${name}.yaml`),
        'utf8',
      ),
    ) as { value: PageData }
  ).value;

describe('/contact', () => {
  it('renders the contact form and the other channels of the market (fr-fr)', async () => {
    const { appHtml, bootstrap } = await render({
      url: '/fr-fr/contact',
      data: example('get-contact-page-data-fr-fr'),
      brandName: 'Saint Laurent',
    });
    expect(bootstrap.namespaces).toContain('contact');
    expect(appHtml).toContain('class="contact-form"');
    expect(appHtml).toContain('Écrivez-nous');
    expect(appHtml).toContain('Comment souhaitez-vous que nous vous répondions ?');
    expect(appHtml).toContain('Autres moyens de nous joindre');
  });

  it('renders in English where the strings are not translated yet (ja-jp)', async () => {
    const { appHtml } = await render({
      url: '/ja-jp/contact',
      data: example('get-contact-page-data-ja-jp'),
      brandName: 'Saint Laurent',
    });
    expect(appHtml).toContain('class="contact-form"');
  });
});
