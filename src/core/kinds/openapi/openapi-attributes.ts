/**
 * @module core/kinds/openapi/openapi-attributes
 * The attributes the OpenAPI connector writes on its objects, typed, with accessors.
 */
import type { CatalogObject } from '../../../ports/catalog.js';

export interface ApiParameterAttributes {
  name: string;
  in: string;
  required: boolean;
  type: string;
  description?: string;
}

export interface ApiEndpointAttributes {
  method?: string;
  httpPath?: string;
  operationId?: string;
  summary?: string;
  tags?: string[];
  deprecated?: boolean;
  /** Turns a name into ids (a search): the first step of a request that names things. */
  lookup?: boolean;
  parameters?: ApiParameterAttributes[];
  requestBody?: { contentType: string; required: boolean; type: string; description?: string };
  responses?: Array<{ status: string; description?: string; type?: string }>;
  security?: string[];
  consumes?: Array<{ parameter: string; in: string; entity: string }>;
  produces?: Array<{ entity: string; field: string }>;
}

export interface ApiSchemaAttributes {
  fields?: Array<{ name: string; type: string; required: boolean; description?: string }>;
  circular?: boolean;
}

export const endpointAttributes = (o: CatalogObject) => o.attributes as ApiEndpointAttributes;
export const schemaAttributes = (o: CatalogObject) => o.attributes as ApiSchemaAttributes;
