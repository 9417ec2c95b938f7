import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Link, useStateUntilNavigation } from '../../../lib/router';
import type { Schemas } from '../../../lib/api-client';
import { useLocalizePath } from '../../../lib/market-context';

type Item = Schemas['CategoryNavItem'];

interface NavigationTree {
  /** The level-1 categories, by position. */
  macros: readonly Item[];
  /** The children of a category, by position (the same array each time; empty for none). */
  childrenOf: (id: string) => readonly Item[];
}

const NO_CHILDREN: readonly Item[] = [];
/** One tree per navigation list: the header's menus ask for it on every render, in the browser and on the server. */
const trees = new WeakMap<readonly Item[], NavigationTree>();

/** The flat navigation as a tree: level-1 categories and the children of any category, by position. */
export function navigationTree(navigation: readonly Item[]): NavigationTree {
  let tree = trees.get(navigation);
  if (tree) return tree;
  const byPosition = (a: Item, b: Item) => a.position - b.position;
  const children = new Map<string, Item[]>();
  for (const c of navigation) {
    if (c.parentId == null) continue;
    const siblings = children.get(c.parentId);
    if (siblings) siblings.push(c);
    else children.set(c.parentId, [c]);
  }
  for (const siblings of children.values()) siblings.sort(byPosition);
  const macros = navigation.filter((c) => c.level === 1).sort(byPosition);
  tree = { macros, childrenOf: (id) => children.get(id) ?? NO_CHILDREN };
  trees.set(navigation, tree);
  return tree;
}

/**
 * Desktop category menu: level-1 categories are disclosure buttons (tabs of the bar); each opens a panel
 * under the header with its level-2 categories as columns and their level-3 categories below. Escape,
 * a click outside or a navigation closes it; focus returns to the button on Escape.
 */
export function MegaMenu({ navigation, label }: { navigation: readonly Item[]; label: string }) {
  const { t } = useTranslation('content');
  const localize = useLocalizePath();
  const [open, setOpen] = useStateUntilNavigation<string | null>(null);
  const root = useRef<HTMLElement>(null);
  const { macros, childrenOf } = navigationTree(navigation);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const button = root.current?.querySelector<HTMLButtonElement>(`[aria-controls="mega-${open}"]`);
      setOpen(null);
      button?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, setOpen]);

  if (macros.length === 0) return null;
  return (
    <nav className="mega-menu" aria-label={label} ref={root}>
      <ul className="mega-menu__tabs" role="list">
        {macros.map((m) => (
          <li key={m.id}>
            <button
              type="button"
              className="mega-menu__tab"
              aria-expanded={open === m.id}
              aria-controls={`mega-${m.id}`}
              onClick={() => setOpen(open === m.id ? null : m.id)}
            >
              {m.name}
            </button>
          </li>
        ))}
      </ul>
      {macros.map((m) => (
        <div key={m.id} id={`mega-${m.id}`} className="mega-menu__panel" hidden={open !== m.id}>
          <div className="container mega-menu__inner">
            <p className="mega-menu__all">
              <Link to={localize(m.url)}>{t('menu.seeAll', { name: m.name })}</Link>
            </p>
            <ul className="mega-menu__columns" role="list">
              {childrenOf(m.id).map((c) => (
                <li key={c.id} className="mega-menu__column">
                  <Link className="mega-menu__level2" to={localize(c.url)}>
                    {c.name}
                  </Link>
                  {childrenOf(c.id).length > 0 && (
                    <ul role="list">
                      {childrenOf(c.id).map((g) => (
                        <li key={g.id}>
                          <Link to={localize(g.url)}>{g.name}</Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </div>
        </div>
      ))}
    </nav>
  );
}
