import { useTranslation } from '../../lib/i18n-react';
import { Link } from '../../lib/router';
import type { Schemas } from '../../lib/api-client';
import { useLocalizePath } from '../../lib/market-context';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import { ContentRenderer, opensWithHero } from '../../features/content';
import './home-route.css';

/** The home page: the content service's home page; page data recorded before it existed keeps the 0.1.0 layout. */
export function HomeRoute({ data }: { data: Schemas['HomePageData'] }) {
  const components = (data as Partial<Schemas['HomePageData']>).content?.components;
  if (components && components.length > 0) {
    const hero = opensWithHero(components);
    return (
      <div className={`home home--cms${hero ? ' content-page--hero' : ''}`}>
        {!hero && <h1 className="sr-only">{data.meta.title}</h1>}
        <ContentRenderer components={components} heroIsPageTitle={hero} />
      </div>
    );
  }
  return <LegacyHome data={data} />;
}

function LegacyHome({ data }: { data: Schemas['HomePageData'] }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <div className="home">
      <section className="home__hero" aria-labelledby="home-hero-title">
        <img
          className="home__hero-image"
          src={data.hero.image.src}
          alt=""
          width={1440}
          height={900}
          fetchPriority="high"
        />
        <div className="home__hero-text">
          <h1 id="home-hero-title">{data.hero.title}</h1>
          <p>{data.hero.subtitle}</p>
          <Link className="home__cta" to={localize(data.hero.cta.url)}>
            {data.hero.cta.name}
          </Link>
        </div>
      </section>
      <section className="home__section" aria-labelledby="home-categories">
        <h2 id="home-categories" className="home__heading">
          {t('home.categories')}
        </h2>
        <ul className="home__categories">
          {data.featuredCategories.map(({ category, image }) => (
            <li key={category.id}>
              <Link to={localize(category.url)} className="home__category">
                <img src={image.src} alt="" width={600} height={750} loading="lazy" />
                <span>{category.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="home__section" aria-labelledby="home-new">
        <h2 id="home-new" className="home__heading">
          {t('home.newArrivals')}
        </h2>
        <ProductGrid products={data.featuredProducts} label={t('home.newArrivals')} />
      </section>
    </div>
  );
}
