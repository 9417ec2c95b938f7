import './content.css';
import { useMemo, type ReactNode } from 'react';
import { buildTree, type CmsComponent, type CmsNode } from '../tree';
import { Accordion } from './accordion';
import { Carousel } from './carousel';
import { EditorialSplit } from './editorial-split';
import { Grid } from './grid';
import { Hero } from './hero';
import { CmsImage } from './image';
import { InfoBanner } from './info-banner';
import { ProductIsland } from './product-island';
import { Quote } from './quote';
import { RichText } from './rich-text';
import { Spotlight } from './spotlight';
import { Tile } from './tile';
import { Video } from './video';

interface Props {
  components: readonly CmsComponent[];
  /** The first hero of the page carries the page's h1 (a page without one renders its own h1). */
  heroIsPageTitle?: boolean;
  /** Components to leave out (e.g. the accordions a page lays out itself). */
  filter?: (component: CmsComponent) => boolean;
}

function renderNode(node: CmsNode, isFirst: boolean, heroIsPageTitle: boolean): ReactNode {
  const c = node.component;
  const kids = () => node.children.map((n) => <Block key={n.component.id} node={n} />);
  switch (c.type) {
    case 'grid':
      return <Grid component={c}>{kids()}</Grid>;
    case 'hero':
      return <Hero component={c} isPageTitle={heroIsPageTitle && isFirst} />;
    case 'spotlight':
      return <Spotlight component={c} />;
    case 'tile':
      return <Tile component={c} />;
    case 'rich-text':
      return <RichText component={c} />;
    case 'accordion':
      return <Accordion component={c} />;
    case 'video':
      return <Video component={c} />;
    case 'product-island':
      return <ProductIsland component={c} firstScreen={isFirst} />;
    case 'info-banner':
      return <InfoBanner component={c} />;
    case 'image':
      return <CmsImage component={c} />;
    case 'carousel':
      return <Carousel component={c} firstScreen={isFirst} />;
    case 'editorial-split':
      return <EditorialSplit component={c} />;
    case 'quote':
      return <Quote component={c} />;
    // The header and footer belong to the shell (features/navigation); never inside a page.
    case 'header':
    case 'footer':
      return null;
    default:
      return null;
  }
}

function Block({
  node,
  isFirst = false,
  heroIsPageTitle = false,
}: {
  node: CmsNode;
  isFirst?: boolean;
  heroIsPageTitle?: boolean;
}) {
  const out = renderNode(node, isFirst, heroIsPageTitle);
  if (out === null) return null;
  return (
    <div className={`cms-block cms-block--${node.component.type}`} data-component-id={node.component.id}>
      {out}
    </div>
  );
}

/** Renders a content page's components: rebuilds the tree from the flat list and renders each by type. */
export function ContentRenderer({ components, heroIsPageTitle = false, filter }: Props) {
  const tree = useMemo(() => buildTree(filter ? components.filter(filter) : components), [components, filter]);
  return (
    <div className="cms-content">
      {tree.map((node, i) => (
        <Block key={node.component.id} node={node} isFirst={i === 0} heroIsPageTitle={heroIsPageTitle} />
      ))}
    </div>
  );
}

/** Whether a page opens on a hero (the header then floats over it). */
export function opensWithHero(components: readonly CmsComponent[] | undefined): boolean {
  if (!components) return false;
  const roots = buildTree(components);
  return roots[0]?.component.type === 'hero';
}
