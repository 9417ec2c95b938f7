import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, type Schemas } from '../../../lib/api-client';
import { useMarket } from '../../../lib/market-context';
import { formatNumber } from '../../../lib/format';
import { useSizeGuide } from '../api/product-queries';
import type { SizeGuideCategories } from '../product-rules';

type Region = Schemas['SizeGuideRegion'];

/**
 * The size guide (react-aria Dialog): the sizes in the market's size system first, a switcher to
 * read them in another system, and the body measurements of each size.
 */
export function SizeGuideDialog({
  isOpen,
  onOpenChange,
  categories,
  productName,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  categories: SizeGuideCategories | null;
  productName: string;
}) {
  const { t } = useTranslation('product');
  const { locale } = useMarket();
  const query = useSizeGuide(locale, categories, isOpen);
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('sizeGuide.title')}
      closeLabel={t('close')}
      size="lg"
      className="size-guide"
    >
      <p className="size-guide__product">{productName}</p>
      {query.isPending && isOpen && categories !== null && <Spinner label={t('loading')} />}
      {(query.isError || categories === null) && (
        <p className="size-guide__error" role="alert">
          {query.error instanceof ApiError && query.error.code === 'ERR_CTT_API_1007'
            ? t('sizeGuide.none')
            : t(`errors:${query.error instanceof ApiError ? query.error.code : 'API_UNKNOWN_ERROR'}`)}
        </p>
      )}
      {query.data && <SizeGuideTable guide={query.data} />}
    </Dialog>
  );
}

export function SizeGuideTable({ guide }: { guide: Schemas['SizeGuide'] }) {
  const { t } = useTranslation('product');
  const { locale } = useMarket();
  const number = { format: (n: number) => formatNumber(n, locale, { maximumFractionDigits: 1 }) };
  const [region, setRegion] = useState<Region>(guide.region);
  const others = guide.regions.filter((r) => r !== region);
  const measures = [...new Set(guide.rows.flatMap((r) => Object.keys(r.measurements ?? {})))];
  return (
    <div className="size-guide__body">
      {guide.introduction && (
        <div className="size-guide__intro" dangerouslySetInnerHTML={{ __html: guide.introduction }} />
      )}
      {guide.regions.length > 1 && (
        <RadioGroup
          className="size-guide__regions"
          orientation="horizontal"
          value={region}
          onChange={(v) => setRegion(v as Region)}
        >
          <Label className="product-view__label">{t('sizeGuide.system')}</Label>
          <div className="size-guide__region-list">
            {guide.regions.map((r) => (
              <Radio key={r} value={r} className="size-guide__region" aria-label={t(`sizeGuide.regions.${r}`)}>
                {r}
              </Radio>
            ))}
          </div>
        </RadioGroup>
      )}
      <div className="size-guide__scroll" tabIndex={0} role="region" aria-label={guide.title}>
        <table className="size-guide__table" data-testid="size-guide-table">
          <caption className="ui-visually-hidden">
            {t('sizeGuide.caption', { system: t(`sizeGuide.regions.${region}`) })}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="size-guide__lead">
                {region}
              </th>
              {others.map((r) => (
                <th scope="col" key={r}>
                  {r}
                </th>
              ))}
              {measures.map((m) => (
                <th scope="col" key={m}>
                  {t(`sizeGuide.measures.${m}`, { defaultValue: m })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {guide.rows.map((row) => (
              <tr key={row.size}>
                <th scope="row" className="size-guide__lead">
                  {row.conversions[region]}
                </th>
                {others.map((r) => (
                  <td key={r}>{row.conversions[r]}</td>
                ))}
                {measures.map((m) => (
                  <td key={m}>{row.measurements?.[m] === undefined ? '—' : number.format(row.measurements[m])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {measures.length > 0 && <p className="size-guide__note">{t('sizeGuide.centimetres')}</p>}
    </div>
  );
}
