/**
 * Writes the server kit's `TokenRequest` type from the token table, so the type a merchant's
 * backend compiles against and the mock's validation cannot drift apart. The unit test
 * `token-table.test.ts` compares the result with `src/server/token-request.ts`; run
 * `npx vitest run -u test/unit/token-table.test.ts` to write the file again after a change.
 */
import { TOKEN_TABLE, type Param } from '../shared/token-table';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function comment(param: Param, indent: string): string {
  const notes = [param.doc, typeof param.required === 'string' ? `Required when \`${param.required}\` is true.` : undefined].filter(Boolean);
  return notes.length ? `${indent}/** ${notes.join(' ')} */\n` : '';
}

function typeOf(param: Param, indent: string): string {
  switch (param.type) {
    case 'string': return param.enum ? param.enum.map((value) => `'${value}'`).join(' | ') : 'string';
    case 'integer':
    case 'number': return 'number';
    case 'boolean': return 'boolean';
    case 'array': {
      const item = typeOf(param.items, indent);
      return item.includes('|') ? `Array<${item}>` : `${item}[]`;
    }
    case 'object': {
      if (param.fields === 'free') return 'Record<string, unknown>';
      const inner = `${indent}  `;
      const lines = Object.entries(param.fields).map(([name, sub]) => {
        const key = IDENTIFIER.test(name) ? name : `'${name}'`;
        return `${comment(sub, inner)}${inner}${key}${sub.required === true ? '' : '?'}: ${typeOf(sub, inner)};\n`;
      });
      return `{\n${lines.join('')}${indent}}`;
    }
  }
}

export function renderTokenRequestType(): string {
  return [
    '// Generated from mock/shared/token-table.ts (the service\'s token table) by',
    '// mock/merchant-api/token-types.ts. Do not edit: change the table, then run',
    '// `npx vitest run -u test/unit/token-table.test.ts`.',
    '',
    '/**',
    ' * The body of a token request (`POST /merchant/v2/merchants/{merchant_id}/token`): every',
    ' * parameter of the service\'s token table. The service refuses parameters it does not list',
    ' * (HTTP 422), except inside `user.attributes` and `custom_parameters`.',
    ' */',
    `export interface TokenRequest ${typeOf(TOKEN_TABLE, '')}`,
    '',
  ].join('\n');
}
