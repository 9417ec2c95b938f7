import { useEffect, useState } from 'react';
import {
  Button as AriaButton,
  Checkbox,
  CheckboxGroup,
  Disclosure,
  DisclosurePanel,
  Heading,
  Label,
  Slider,
  SliderOutput,
  SliderThumb,
  SliderTrack,
} from 'react-aria-components';
import { useTranslation } from '../../../lib/i18n-react';
import { Switch } from '../../../components/ui/switch';
import { noBreakSpaces } from '../../../lib/format';
import type { FilterSelection } from '../../../lib/paths';
import type { Filter } from '../api/catalog-queries';
import { parsePriceRange, setValues } from '../listing-url';
import './filter-panel.css';

export interface FilterPanelProps {
  filters: Filter[];
  /** The selection being edited (the drawer's draft). */
  selection: FilterSelection;
  onChange: (selection: FilterSelection) => void;
  /** Counts are being recomputed for the current selection. */
  isUpdating?: boolean;
}

/** The sections shoppers use most start open; the others open on demand (or when they hold a choice). */
const OPEN_BY_DEFAULT = new Set(['color', 'category', 'size']);

/** A step that gives about a hundred stops over the range, rounded to 1, 2 or 5 × a power of ten. */
function niceStep(span: number): number {
  if (span <= 100) return 1;
  const raw = span / 100;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = [1, 2, 5, 10].find((m) => m * power >= raw) ?? 10;
  return unit * power;
}

function PriceRange({
  filter,
  selection,
  onChange,
}: {
  filter: Filter;
  selection: FilterSelection;
  onChange: FilterPanelProps['onChange'];
}) {
  const { t, i18n } = useTranslation('catalog');
  const range = filter.range;
  const step = range ? niceStep(range.max - range.min) : 1;
  const lo = range ? Math.floor(range.min / step) * step : 0;
  const hi = range ? Math.max(lo + step, Math.ceil(range.max / step) * step) : 0;
  const selected = parsePriceRange(selection.price?.[0]);
  const fromSelection = (): [number, number] =>
    selected ? [Math.max(lo, selected[0]), Math.min(hi, selected[1])] : [lo, hi];
  const [value, setValue] = useState<[number, number]>(fromSelection);
  // A cleared selection (or new bounds) moves the thumbs back.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the thumbs move back on a new selection or new bounds only, never while being dragged
  useEffect(() => setValue(fromSelection()), [selection.price?.[0], lo, hi]);
  if (!range) return null;
  const currency = { style: 'currency', currency: range.currencyCode, maximumFractionDigits: 0 } as const;
  const format = (n: number) =>
    noBreakSpaces(new Intl.NumberFormat(i18n.language === 'zh-hant' ? 'zh-Hant' : i18n.language, currency).format(n));
  return (
    <Slider
      className="filter-price"
      value={value}
      minValue={lo}
      maxValue={hi}
      step={step}
      formatOptions={currency}
      onChange={(v) => setValue(v as [number, number])}
      onChangeEnd={(v) => {
        const [min, max] = v as [number, number];
        onChange(setValues(selection, 'price', min <= lo && max >= hi ? [] : [`${min}-${max}`]));
      }}
    >
      <div className="filter-price__header">
        <Label className="filter-price__label">{t('filters.priceRange')}</Label>
        <SliderOutput className="filter-price__output">
          {() => t('filters.priceBetween', { min: format(value[0]), max: format(value[1]) })}
        </SliderOutput>
      </div>
      <SliderTrack className="filter-price__track">
        {({ state }) => (
          <>
            <div
              className="filter-price__fill"
              style={{
                insetInlineStart: `${state.getThumbPercent(0) * 100}%`,
                inlineSize: `${(state.getThumbPercent(1) - state.getThumbPercent(0)) * 100}%`,
              }}
            />
            <SliderThumb index={0} className="filter-price__thumb" aria-label={t('filters.priceMin')} />
            <SliderThumb index={1} className="filter-price__thumb" aria-label={t('filters.priceMax')} />
          </>
        )}
      </SliderTrack>
    </Slider>
  );
}

function ValueCheckboxes({
  filter,
  selection,
  onChange,
}: {
  filter: Filter;
  selection: FilterSelection;
  onChange: FilterPanelProps['onChange'];
}) {
  const { t } = useTranslation('catalog');
  const kind = filter.urlName === 'color' ? 'swatch' : filter.urlName === 'size' ? 'box' : 'list';
  return (
    <CheckboxGroup
      className={`filter-values filter-values--${kind}`}
      aria-label={filter.label}
      value={selection[filter.urlName] ?? []}
      onChange={(values) => onChange(setValues(selection, filter.urlName, values))}
    >
      {filter.values.map((v) => (
        <Checkbox
          key={v.value}
          value={v.value}
          className="filter-value"
          // A value that would leave nothing stays visible, but cannot be added.
          isDisabled={v.count === 0 && !v.selected && !(selection[filter.urlName] ?? []).includes(v.value)}
          aria-label={t('filters.valueWithCount', { label: v.label, count: v.count })}
          data-testid={`filter-${filter.urlName}-${v.value}`}
        >
          {kind === 'swatch' && (
            <span className="filter-value__swatch" style={{ background: v.hex ?? 'transparent' }} aria-hidden="true" />
          )}
          {kind === 'list' && <span className="filter-value__check" aria-hidden="true" />}
          <span className="filter-value__label">{v.label}</span>
          <span className="filter-value__count" aria-hidden="true">
            {v.count}
          </span>
        </Checkbox>
      ))}
    </CheckboxGroup>
  );
}

/**
 * The filters of a listing, one section per filter: colour swatches, categories and materials as
 * lists, sizes as boxes, an in-stock switch and a price range — each value with the number of results
 * it would leave. Controlled: the drawer keeps the draft until "show results".
 */
export function FilterPanel({ filters, selection, onChange, isUpdating = false }: FilterPanelProps) {
  const { t } = useTranslation('catalog');
  const toggles = filters.filter((f) => f.selectionType === 'toggle');
  const sections = filters.filter(
    (f) =>
      f.selectionType !== 'toggle' &&
      (f.selectionType === 'range' ? f.range && f.range.max > f.range.min : f.values.length > 0),
  );
  return (
    <div className="filter-panel" aria-busy={isUpdating || undefined}>
      {toggles.map((f) => (
        <div key={f.urlName} className="filter-panel__toggle">
          <Switch
            isSelected={(selection[f.urlName] ?? []).includes('true')}
            onChange={(on) => onChange(setValues(selection, f.urlName, on ? ['true'] : []))}
            description={f.values[0] ? t('filters.results', { count: f.values[0].count }) : undefined}
          >
            {f.label}
          </Switch>
        </div>
      ))}
      {sections.map((f) => {
        const selectedCount =
          f.selectionType === 'range' ? (selection.price?.length ?? 0) : (selection[f.urlName]?.length ?? 0);
        return (
          <Disclosure
            key={f.urlName}
            className="filter-section"
            defaultExpanded={OPEN_BY_DEFAULT.has(f.urlName) || selectedCount > 0}
          >
            <Heading className="filter-section__heading" level={3}>
              <AriaButton slot="trigger" className="filter-section__trigger">
                <span>{f.label}</span>
                {selectedCount > 0 && (
                  <span className="filter-section__selected">
                    {t('filters.selectedCount', { count: selectedCount })}
                  </span>
                )}
                <svg className="filter-section__chevron" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
                  <path d="M2 4.25l4 4 4-4" stroke="currentColor" strokeWidth="1" fill="none" />
                </svg>
              </AriaButton>
            </Heading>
            <DisclosurePanel className="filter-section__panel">
              {f.selectionType === 'range' ? (
                <PriceRange filter={f} selection={selection} onChange={onChange} />
              ) : (
                <ValueCheckboxes filter={f} selection={selection} onChange={onChange} />
              )}
            </DisclosurePanel>
          </Disclosure>
        );
      })}
    </div>
  );
}
