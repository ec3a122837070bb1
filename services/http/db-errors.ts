// A constraint the database enforces is still the client's mistake, never a 500.
import { AppError } from '../errors.js';
import type { Translate } from '../i18n.js';

interface PgError {
  code?: string;
  detail?: string;
  column?: string;
}

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export function mapDatabaseError(err: unknown, t: Translate): AppError | undefined {
  const pg = err as PgError;
  if (typeof pg?.code !== 'string' || pg.code.length !== 5) return undefined;
  switch (pg.code) {
    case '23505': {
      // detail: Key (org_no)=(ORG1) already exists.
      const m = /Key \(([^)]+)\)=\((.*)\) already exists/.exec(pg.detail ?? '');
      const columns = m ? m[1].split(',').map((c) => c.trim()) : [];
      const column = columns.length ? camel(columns[0]) : '';
      // A code unique within its organisation (bar_rule_no, org_no): the code is what the user typed.
      const value = m ? (columns.length > 1 ? m[2].split(', ')[0] : m[2]) : '';
      return new AppError('duplicate', { field: t(`field.${column}`, { defaultValue: column }), value });
    }
    case '23503':
      return new AppError('inUse');
    case '23502':
    case '23514':
    case '22001':
    case '22003':
    case '22007':
    case '22008':
    case '22021':
    case '22P02':
    case '22P05': {
      const column = pg.column ? camel(pg.column) : '';
      return new AppError('invalidValue', {
        field: column ? t(`field.${column}`, { defaultValue: column }) : '',
        problem: t('problem.invalid'),
      });
    }
    default:
      return undefined;
  }
}
