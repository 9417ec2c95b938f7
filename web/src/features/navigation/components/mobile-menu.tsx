import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import type { Schemas } from '../../../lib/api-client';
import { useLocalizePath } from '../../../lib/market-context';
import { navigationTree } from './mega-menu';

type Item = Schemas['CategoryNavItem'];

/**
 * The category menu of phones and tablets, inside the menu drawer: a drill-down. The first level lists the
 * house's main categories (and the header's CMS links below them); a category with sub-categories opens its
 * own level — a back step, its name as the heading, "See all", then its sub-categories — and so on down the
 * tree. A category without sub-categories is a link. One level shows at a time, so a long tree never turns
 * into one long scroll.
 *
 * Keyboard and screen readers: each category that opens a level is a button (its name, then a chevron); once
 * the level opens, focus moves to its back button, whose name says where it returns ("Back, Menu" from a
 * main category, "Back, Women" from one of its sub-categories); going back puts focus on the button that opened the level. The level's heading names it.
 */
export function MobileMenu({
  navigation,
  label,
  links,
  onNavigate,
}: {
  navigation: readonly Item[];
  label: string;
  links?: ReactNode;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('content');
  const { t: tCommon } = useTranslation();
  const localize = useLocalizePath();
  const { macros, childrenOf } = navigationTree(navigation);
  const byId = new Map(navigation.map((c) => [c.id, c]));
  /** The ids of the opened levels, from the top: [] is the first level. */
  const [trail, setTrail] = useState<string[]>([]);
  /** Where focus goes after the level changes: the new level's back button, or the button that opened the level left. */
  const focusNext = useRef<{ back: true } | { opener: string } | null>(null);
  const root = useRef<HTMLElement>(null);

  const currentId = trail.at(-1);
  const current = currentId ? byId.get(currentId) : undefined;
  const items = current ? childrenOf(current.id) : macros;

  useLayoutEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (!target || !root.current) return;
    const el =
      'back' in target
        ? root.current.querySelector<HTMLElement>('.mobile-menu__back')
        : root.current.querySelector<HTMLElement>(`[data-opens="${CSS.escape(target.opener)}"]`);
    el?.focus();
  }, [trail]);

  const open = (id: string) => {
    focusNext.current = { back: true };
    setTrail([...trail, id]);
  };
  const back = () => {
    if (!currentId) return;
    focusNext.current = { opener: currentId };
    setTrail(trail.slice(0, -1));
  };
  const parent = trail.length > 1 ? byId.get(trail.at(-2)!) : undefined;

  return (
    <nav aria-label={label} className="mobile-menu" ref={root} data-level={trail.length + 1}>
      {current && (
        <div className="mobile-menu__head">
          <button
            type="button"
            className="mobile-menu__back"
            onClick={back}
            aria-label={`${t('menu.back')}, ${parent?.name ?? tCommon('nav.openMenu')}`}
          >
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="1.2" />
            </svg>
            <span>{t('menu.back')}</span>
          </button>
          <h2 className="mobile-menu__title">{current.name}</h2>
          <p className="mobile-menu__all">
            <Link to={localize(current.url)} onClick={onNavigate}>
              {t('menu.seeAll', { name: current.name })}
            </Link>
          </p>
        </div>
      )}
      <ul role="list" className="mobile-menu__list" key={currentId ?? 'top'}>
        {items.map((c) => (
          <li key={c.id}>
            {childrenOf(c.id).length > 0 ? (
              <button
                type="button"
                className="mobile-menu__item mobile-menu__item--opens"
                data-opens={c.id}
                onClick={() => open(c.id)}
              >
                <span>{c.name}</span>
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                  <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="1.2" />
                </svg>
              </button>
            ) : (
              <Link className="mobile-menu__item" to={localize(c.url)} onClick={onNavigate}>
                {c.name}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {!current && links}
    </nav>
  );
}
