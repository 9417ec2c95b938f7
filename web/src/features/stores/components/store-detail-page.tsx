import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import type { Schemas } from '../../../lib/api-client';
import { useLocalizePath } from '../../../lib/market-context';
import { directionsUrl, displayPhone, reasonsOf, sortServices } from '../store-model';
import { useNow } from '../use-now';
import { AppointmentDialog } from './appointment-dialog';
import { StoreCard, StoreIcon } from './store-card';
import { OpeningHours, TodayHours } from './store-hours';
import './stores.css';

export interface StoreDetailPageProps {
  store: Schemas['Store'];
  nearbyStores: Schemas['Store'][];
  /** Sends an appointment request (stories); the API by default. */
  sendAppointment?: (body: Schemas['AppointmentRequest']) => Promise<Schemas['Appointment']>;
  /** The clock (stories fix it). */
  now?: Date;
}

/**
 * `/stores/{name}-{id}`: the boutique's address, telephone, week of hours with its exceptional days, services,
 * the "book an appointment" modal, and the nearest other boutiques of the country.
 */
export function StoreDetailPage({ store, nearbyStores, sendAppointment, now: fixedNow }: StoreDetailPageProps) {
  const { t } = useTranslation('stores');
  const localize = useLocalizePath();
  const liveNow = useNow();
  const now = fixedNow ?? liveNow;
  const [booking, setBooking] = useState(false);
  const services = sortServices(store.services);
  const bookable = reasonsOf(store.services).length > 0;
  return (
    <div className="store-detail" data-testid="store-detail">
      <header className="store-detail__header">
        <p className="store-detail__type">{t(`store.types.${store.type}`)}</p>
        <h1 className="store-detail__name">{store.name}</h1>
        <TodayHours store={store} now={now} />
      </header>

      <div className="store-detail__body">
        <div className="store-detail__info">
          <section className="store-detail__block" aria-labelledby="store-address">
            <h2 id="store-address" className="store-section-title">
              {t('detail.address')}
            </h2>
            <address className="store-detail__address">
              {(store.address.formatted ?? [store.address.addressLine1, store.address.city]).map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
            <a href={directionsUrl(store)} className="store-detail__link" target="_blank" rel="noopener noreferrer">
              <StoreIcon name="pin" />
              {t('store.directions')}
            </a>
          </section>

          <section className="store-detail__block" aria-labelledby="store-contact">
            <h2 id="store-contact" className="store-section-title">
              {t('detail.contact')}
            </h2>
            <p className="store-detail__line">
              <StoreIcon name="phone" />
              <span className="ui-visually-hidden">{t('detail.phone')} </span>
              <a href={`tel:${store.phone}`} className="link-quiet">
                {displayPhone(store.phone)}
              </a>
            </p>
            {store.email && (
              <p className="store-detail__line">
                <StoreIcon name="mail" />
                <span className="ui-visually-hidden">{t('detail.email')} </span>
                <a href={`mailto:${store.email}`} className="link-quiet">
                  {store.email}
                </a>
              </p>
            )}
          </section>

          {services.length > 0 && (
            <section className="store-detail__block" aria-labelledby="store-services">
              <h2 id="store-services" className="store-section-title">
                {t('detail.services')}
              </h2>
              <ul className="store-detail__services">
                {services.map((s) => (
                  <li key={s}>{t(`services.${s}`)}</li>
                ))}
              </ul>
            </section>
          )}
        </div>

        <div className="store-detail__side">
          <OpeningHours store={store} now={now} headingId="store-hours" />
        </div>
      </div>

      {bookable && (
        <section className="store-detail__appointment" aria-labelledby="store-appointment">
          <h2 id="store-appointment" className="store-detail__appointment-title">
            {t('detail.appointmentTitle')}
          </h2>
          <p>{t('detail.appointmentIntro')}</p>
          <Button size="lg" onPress={() => setBooking(true)} data-testid="book-appointment">
            {t('appointment.open')}
          </Button>
          <AppointmentDialog
            store={store}
            isOpen={booking}
            onOpenChange={setBooking}
            {...(sendAppointment ? { send: sendAppointment } : {})}
            {...(fixedNow ? { now: fixedNow } : {})}
          />
        </section>
      )}

      {nearbyStores.length > 0 && (
        <section className="store-detail__nearby" aria-labelledby="store-nearby">
          <div className="store-detail__nearby-head">
            <h2 id="store-nearby" className="store-section-title">
              {t('detail.nearby')}
            </h2>
            <Link to={localize('/stores')} className="store-card__cta">
              {t('detail.allBoutiques')}
            </Link>
          </div>
          <div className="store-list__grid">
            {nearbyStores.map((s) => (
              <StoreCard key={s.id} store={s} now={now} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
