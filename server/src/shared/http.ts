// The one place the server imports the generated contract types.
import type { components, operations } from '@storefront/openapi/types';

export type { components, operations };
export type Schemas = components['schemas'];
import type {
  components as CustomerServiceComponents,
  operations as CustomerServiceOperations,
} from '@storefront/openapi/customer-service-types';

export type { CustomerServiceOperations };
/** Schemas of the customer service contract. */
export type CsSchemas = CustomerServiceComponents['schemas'];
