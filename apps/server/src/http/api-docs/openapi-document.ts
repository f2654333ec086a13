import { readFileSync } from 'node:fs';
import { ERROR_CODES, type ErrorCode, MAX_PAGE_LIMIT, MESSAGES } from '@facet/contract';
import { z } from 'zod';
import { FORBIDDEN } from '../access-plugin.ts';

/** The security scheme every non-public operation names. */
export const TOKEN_SCHEME = 'jwt';

/** Error answers an operation may give, each a shared response of the document. */
export const ERROR_RESPONSES = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  429: 'TooManyRequests',
  500: 'ServerError',
  503: 'Unavailable',
} as const;
export type ErrorStatus = keyof typeof ERROR_RESPONSES;

const serverPackage = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const fieldErrorSchema = z.object({
  field: z.string().describe('The failing field, as a dotted path (`filter.name`, `list.0.id`).'),
  message: z.string().describe('What is wrong with it, ready to show beside the field.'),
});

const errorEnvelopeSchema = z
  .object({
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).describe(errorCodeList('; ')),
    message: z.string().describe('What went wrong, ready to show to a user.'),
    errors: z.array(fieldErrorSchema).optional().describe('On E_BAD_REQUEST: one entry per failing field.'),
  })
  .describe('Every error answer: a code, a message and, for invalid input, the failing fields.');

function errorCodeList(separator: string): string {
  return Object.entries(ERROR_CODES)
    .map(([code, status]) => `${code} (${status})`)
    .join(separator);
}

function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12' }) as Record<
    string,
    unknown
  >;
  return json;
}

function errorResponse(description: string, example: Record<string, unknown>) {
  return {
    description,
    content: {
      'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' }, example },
    },
  };
}

const DESCRIPTION = `The API of the Facet back office: the panel calls it, and so can any client holding a token.

## Paths
Paths are those of the old panel, kept exactly (\`apis/banner/paginate\`, \`admin/auth/login\`): the contract
writes them without a leading slash, and they are served from the server's root. Most reads of a list are
\`POST\` with a JSON body, as the old panel sent them.

## The envelope
Every JSON answer is an envelope. A success is \`{ "code": "OK", "message": "...", "data": ... }\`, and each
operation below describes its \`data\`. An error is \`{ "code": "E_...", "message": "..." }\` with the HTTP status
of its code; a request whose input is invalid answers \`E_BAD_REQUEST\` with \`errors\`, one \`{ field, message }\`
per failing field. Error codes: ${errorCodeList(', ')}; 503 (\`E_ERROR\`) when the database does not answer or the
server is restarting. Files (exports, reports, uploaded files) are answered as they are, with their type.

## The token
Sign in with \`admin/auth/send-login-otp\` (the one-time code is mailed) and then \`admin/auth/login\`, which answers
a token. Send it on every other call as \`Authorization: JWT <token>\` (the word JWT, a space, the token). In
this reference, *Authorize* takes the whole header value, \`JWT <token>\` included. Without a token a protected
operation answers 401; with a token lacking the permission, 403.

A user who must change the password (the first sign-in, or after an admin's reset) is answered a short-lived
token with \`user.defaultPassword: true\`: it opens \`auth/reset-password-by-user\` only, and signing in again
after that change answers a full token.

## Permissions
Each operation states who may call it, in its description and as \`x-facet-access\` (in words) and
\`x-facet-access-rule\` (the rule as the contract declares it): public; any signed-in user; a permission
(view, insert, update, delete, export...) on a module; or super admins only.

## Pagination
Paginate operations take \`{ page, limit, search, filter, sort }\` (page from 1, limit up to ${MAX_PAGE_LIMIT}) and
answer \`{ list, count }\`: one page of rows and the number of rows matching the filter.`;

/** The parts of the document that do not come from routes: info, the token scheme and the error answers. */
export function documentBase() {
  return {
    openapi: '3.1.0',
    info: { title: 'Facet back office API', version: serverPackage.version, description: DESCRIPTION },
    components: {
      securitySchemes: {
        [TOKEN_SCHEME]: {
          type: 'apiKey' as const,
          in: 'header' as const,
          name: 'Authorization',
          description:
            'The header `Authorization: JWT <token>`, with the token answered by admin/auth/login. ' +
            'Enter the whole value, `JWT ` included.',
        },
      },
      schemas: {
        ErrorEnvelope: jsonSchemaOf(errorEnvelopeSchema),
        FieldError: jsonSchemaOf(fieldErrorSchema),
      },
      responses: {
        BadRequest: errorResponse('Invalid input (E_BAD_REQUEST): `errors` names each failing field.', {
          code: 'E_BAD_REQUEST',
          message: 'Please enter a name.',
          errors: [{ field: 'name', message: 'Please enter a name.' }],
        }),
        Unauthorized: errorResponse('No token, or an expired one (E_UNAUTHORIZED).', {
          code: 'E_UNAUTHORIZED',
          message: 'Please sign in.',
        }),
        Forbidden: errorResponse('The token lacks the permission this operation needs (E_FORBIDDEN).', {
          code: 'E_FORBIDDEN',
          message: FORBIDDEN,
        }),
        NotFound: errorResponse('No record has this id (E_NOT_FOUND).', {
          code: 'E_NOT_FOUND',
          message: 'The requested resource was not found.',
        }),
        Conflict: errorResponse(
          'The change clashes with existing data, e.g. a duplicate (E_CONFLICT); `errors` may name the field.',
          {
            code: 'E_CONFLICT',
            message: 'This name is already in use.',
            errors: [{ field: 'name', message: 'This name is already in use.' }],
          },
        ),
        TooManyRequests: errorResponse(
          'Too many attempts, an export waiting too long for its turn, or an upload quota reached (E_TOO_MANY_REQUESTS).',
          { code: 'E_TOO_MANY_REQUESTS', message: 'Too many sign-in attempts. Please try again later.' },
        ),
        ServerError: errorResponse('An unexpected failure (E_ERROR); details go to the server log only.', {
          code: 'E_ERROR',
          message: MESSAGES.contactAdmin,
        }),
        Unavailable: errorResponse('The database does not answer, or the server is restarting (E_ERROR).', {
          code: 'E_ERROR',
          message: MESSAGES.databaseUnavailable,
        }),
      },
    },
  };
}

/** Where an operation keeps its error statuses until the document is finished (see finishDocument). */
export const ERRORS_EXTENSION = 'x-facet-errors';

type Operation = Record<string, unknown> & { responses?: Record<string, unknown>; tags?: string[] };

/**
 * Turns each operation's error statuses into references to the shared error answers, and lists the
 * tags in order so the reference groups operations alphabetically.
 */
export function finishDocument(document: Record<string, unknown>): Record<string, unknown> {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  const tags = new Set<string>();
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      const statuses = (operation[ERRORS_EXTENSION] ?? []) as ErrorStatus[];
      delete operation[ERRORS_EXTENSION];
      operation.responses = { ...operation.responses };
      for (const status of statuses) {
        operation.responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status]}` };
      }
      for (const tag of operation.tags ?? []) tags.add(tag);
    }
  }
  return { ...document, tags: [...tags].sort().map((name) => ({ name })) };
}
