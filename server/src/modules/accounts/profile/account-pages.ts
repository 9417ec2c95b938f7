import { AppError } from '../../../shared/errors.ts';
import type { CsSchemas, Schemas } from '../../../shared/http.ts';
import type { Market, MarketService } from '../../markets/index.ts';
import type { PageDataService } from '../../pages/index.ts';
import { type AddressBook, MAX_ADDRESSES } from './addresses.ts';
import type { CustomerServiceCaller } from '../customer-service/gateway.ts';
import { accountTexts, type AccountPageKey } from './page-texts.ts';
import type { AccountService } from '../service.ts';
import { postalCodeRequired } from '../validation/postal-code.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../validation/password.ts';

const ADDRESS_TYPES: Schemas['AddressType'][] = [
  'HOME',
  'WORK',
  'HOLIDAY_HOUSE',
  'HOTEL',
  'OTHER_1',
  'OTHER_2',
  'VACATION_HOME',
];

/** Page data of the sign-in, sign-up, signed-out and account pages (`/ssr/signin`, `/ssr/myaccount/…`). */
export class AccountPages {
  constructor(
    private readonly pages: PageDataService,
    private readonly accounts: AccountService,
    private readonly addresses: AddressBook,
    private readonly markets: MarketService,
    private readonly recaptchaSiteKey: string,
    /** The customer service's registration form as the storefront's sign-up form reads it. */
    private readonly toRegisterForm: (form: CsSchemas['RegistrationForm']) => Schemas['RegisterFormData'],
  ) {}

  private path(market: Market, path: string): string {
    return this.pages.localizedPath(market.locale, path);
  }

  private shell<T extends Schemas['PageType']>(type: T, market: Market, path: string, key: AccountPageKey) {
    return this.pages.privateShell(type, market, path, accountTexts(market.locale).titles[key]);
  }

  /** The signed-in customer with the address book, or the 401 that sends the page to sign-in. */
  async customer(caller: CustomerServiceCaller, market: Market, consents = false): Promise<Schemas['Customer']> {
    const query = {
      locale: market.locale,
      queryEntity: consents ? ('profileAndConsents' as const) : ('profile' as const),
    };
    let profile;
    try {
      profile = await caller.call(caller.client().GET('/customer', { params: { query } }));
    } catch (err) {
      // Page data knows one reason to sign in (its contract): not signed in, whether never or no longer.
      if (err instanceof AppError && err.code === 'ERR_MWR_1000')
        throw new AppError('ERR_API_1020', 'The signed-in state lapsed.');
      throw err;
    }
    if (!profile) throw new AppError('ERR_CDB_API_2005');
    return {
      ...(profile as unknown as Schemas['Customer']),
      addresses: await this.addresses.list(profile.customerUUID),
    };
  }

  /** Whether the browser is signed in, without failing when it is not. */
  async signedIn(caller: CustomerServiceCaller, market: Market): Promise<boolean> {
    const session = await caller.call(
      caller.client().GET('/session', { params: { query: { locale: market.locale } } }),
    );
    return session?.customerAuthenticated === true;
  }

  private async registration(caller: CustomerServiceCaller, market: Market): Promise<Schemas['RegisterFormData']> {
    const form = await caller.call(
      caller.client().GET('/fields-and-consent', { params: { query: { locale: market.locale } } }),
    );
    if (!form) throw new AppError('ERR_DATA_1000', 'registration form: empty answer');
    return this.toRegisterForm(form);
  }

  async signIn(
    caller: CustomerServiceCaller,
    market: Market,
    returnUrl: string | undefined,
  ): Promise<Schemas['SignInPageData']> {
    return {
      ...(await this.shell('sign-in', market, '/signin', 'signIn')),
      customerAuthenticated: await this.signedIn(caller, market),
      returnUrl: returnUrl && /^\/(?![/\\])/.test(returnUrl) ? returnUrl : '/myaccount',
      recaptchaSiteKey: this.recaptchaSiteKey,
      signUpUrl: this.path(market, '/signup'),
    };
  }

  async signUp(caller: CustomerServiceCaller, market: Market): Promise<Schemas['SignUpPageData']> {
    return {
      ...(await this.shell('sign-up', market, '/signup', 'signUp')),
      registration: await this.registration(caller, market),
      recaptchaSiteKey: this.recaptchaSiteKey,
      signInUrl: this.path(market, '/signin'),
    };
  }

  async logout(market: Market): Promise<Schemas['LogoutPageData']> {
    const texts = accountTexts(market.locale);
    return {
      ...(await this.shell('logout', market, '/logout', 'logout')),
      title: texts.titles.logout,
      message: texts.loggedOutMessage,
      links: [
        { name: texts.home, url: this.path(market, '/') },
        { name: texts.signInAgain, url: this.path(market, '/signin') },
      ],
    };
  }

  private links(market: Market): Schemas['Breadcrumb'][] {
    const s = accountTexts(market.locale).sections;
    return [
      { name: s.dashboard, url: this.path(market, '/myaccount') },
      { name: s.information, url: this.path(market, '/myaccount/account-information') },
      { name: s.addressBook, url: this.path(market, '/myaccount/address-book') },
      { name: s.profile, url: this.path(market, '/myaccount/profile') },
      { name: s.password, url: this.path(market, '/myaccount/editpassword') },
      { name: s.orders, url: this.path(market, '/myaccount/orders') },
    ];
  }

  async dashboard(caller: CustomerServiceCaller, market: Market): Promise<Schemas['MyAccountPageData']> {
    const customer = await this.customer(caller, market);
    return {
      ...(await this.shell('my-account', market, '/myaccount', 'dashboard')),
      customer,
      recentOrders: [],
      links: this.links(market),
    };
  }

  async information(caller: CustomerServiceCaller, market: Market): Promise<Schemas['AccountInformationPageData']> {
    const customer = await this.customer(caller, market);
    const form = await this.registration(caller, market);
    return {
      ...(await this.shell('my-account-information', market, '/myaccount/account-information', 'information')),
      customer,
      fields: form.fields.filter((f) => f.name !== 'password' && f.name !== 'emailAddress'),
    };
  }

  async profile(caller: CustomerServiceCaller, market: Market): Promise<Schemas['ProfilePageData']> {
    const customer = await this.customer(caller, market, true);
    const form = await this.registration(caller, market);
    const granted = new Set((customer.consents ?? []).filter((c) => c.granted).map((c) => c.id));
    return {
      ...(await this.shell('my-account-profile', market, '/myaccount/profile', 'profile')),
      customer,
      consentTexts: form.consents,
      contactPreferences: [
        ...(granted.has('marketing_email') ? ['email' as const] : []),
        ...(granted.has('marketing_sms') ? ['whatsapp' as const] : []),
      ],
      preferredStore: null,
    };
  }

  async addressBook(caller: CustomerServiceCaller, market: Market): Promise<Schemas['AddressBookPageData']> {
    const customer = await this.customer(caller, market);
    return {
      ...(await this.shell('my-account-address-book', market, '/myaccount/address-book', 'addressBook')),
      addresses: customer.addresses,
      maxAddresses: MAX_ADDRESSES,
    };
  }

  private countries(market: Market): Schemas['AddressFormPageData']['countries'] {
    const names = new Intl.DisplayNames([market.locale], { type: 'region', fallback: 'none' });
    // Countries of the markets; the international storefronts (language codes, not countries) ship nowhere of their own.
    const codes = [...new Set(this.markets.countries().map((c) => c.country))].filter(
      (c) => /^[A-Z]{2}$/.test(c) && names.of(c) && names.of(c) !== c && !['EN', 'ZH', 'ZZ', 'EU'].includes(c),
    );
    return codes
      .map((country) => ({
        country,
        name: names.of(country) ?? country,
        postalCodeRequired: postalCodeRequired(country),
      }))
      .sort((a, b) => a.name.localeCompare(b.name, market.language));
  }

  async addressForm(
    caller: CustomerServiceCaller,
    market: Market,
    addressId: string | undefined,
  ): Promise<Schemas['AddressFormPageData']> {
    const customer = await this.customer(caller, market);
    let address: Schemas['Address'] | null = null;
    if (addressId !== undefined) {
      address = customer.addresses.find((a) => a.id === addressId) ?? null;
      // Only the customer's own addresses: another id is simply not there.
      if (!address) throw new AppError('ERR_PAGE_1000', 'The customer has no address with this id.');
    }
    const shell =
      addressId === undefined
        ? await this.shell('my-account-new-address-book', market, '/myaccount/new-address-book', 'newAddress')
        : await this.shell('my-account-edit-address-book', market, '/myaccount/edit-address-book', 'editAddress');
    return {
      ...shell,
      address,
      addressTypes: ADDRESS_TYPES,
      countries: this.countries(market),
      defaultCountry: market.country,
    };
  }

  async editPassword(caller: CustomerServiceCaller, market: Market): Promise<Schemas['PasswordPageData']> {
    await this.customer(caller, market);
    return {
      ...(await this.shell('my-account-edit-password', market, '/myaccount/editpassword', 'editPassword')),
      mode: 'change',
      tokenValid: null,
      passwordPolicy: { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
    };
  }

  async resetPassword(market: Market, token: string): Promise<Schemas['PasswordPageData']> {
    return {
      ...(await this.shell('my-account-reset-password', market, '/myaccount/reset-password', 'resetPassword')),
      mode: 'reset',
      tokenValid: await this.accounts.resetTokenValid(token),
      passwordPolicy: { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
    };
  }

  async activate(market: Market, userId: string): Promise<Schemas['AccountActivationPageData']> {
    const state = await this.accounts.activationState(userId);
    if (!state) throw new AppError('ERR_PAGE_1000', 'No account waiting for activation with this user id.');
    return {
      ...(await this.shell('my-account-activate', market, '/myaccount/activate', 'activate')),
      userId,
      ...state,
      signInUrl: this.path(market, '/signin'),
    };
  }
}
