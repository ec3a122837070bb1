// Turnover strategies (Base.Strategy.Turnover; spec 001 section 7: the turn method head list): the lot
// attributes by which stock rotates (first in, first out by production date, first expired first
// out, ...), each ascending or descending, in order. See services/rules/strategy.ts for the rules every
// strategy kind follows (one default per organisation, the default cannot be deleted).
import { dictionary } from '../resource/field-kinds.js';
import { strategyService } from '../rules/strategy.js';

export const IBmTurnMethodHeadService = strategyService({
  kind: 'turn',
  service: 'IBmTurnMethodHeadService',
  menu: 'Base.Strategy.Turnover',
  lineFields: {
    lotAtt: dictionary('LOT_ATT', { required: true }),
    sortOrder: dictionary('SORT_ORDER', { default: 'asc' }),
  },
  unique: ['lotAtt'],
});
