// A dialog on one row that starts from the row's record (a split answer's parts): the fields take the
// record's values of their props, an editable table its rows; a field the record lacks keeps its default.
import { describe, expect, it } from 'vitest';
import { normaliseScreen } from '../../screens/normalise';
import { assertScreen } from '../../screens/validate';
import { actionDialogLoaded, actionDialogSchema, actionDialogValues } from './actionDialog';

const screen = normaliseScreen(
  assertScreen(
    {
      name: 'T.Lines',
      kind: 'list',
      path: '/t/lines',
      menuNo: 'T.Lines',
      titleKey: 'title.t',
      service: 'ILineService',
      calls: { list: 'getlist' },
      list: {
        columns: [{ prop: 'lineNo' }],
        actions: [
          {
            flag: 'isModify',
            kind: 'dialog',
            labelKey: 'purchaseLine.split',
            selection: 'exactlyOne',
            call: 'saveSplit',
            load: 'getLine',
            fields: [
              {
                prop: 'answerList',
                widget: 'editableTable',
                rowFields: [
                  { prop: 'promiseQty', widget: 'decimal', required: true },
                  { prop: 'promiseDate', widget: 'date', required: true },
                ],
              },
              { prop: 'note', default: 'as before' },
            ],
          },
        ],
      },
    },
    't.json',
  ),
  't.json',
);
const action = screen.list!.actions[0];

describe('a dialog loaded from its row', () => {
  it('names its load call on the screen service, and edits a table as an array', () => {
    expect(action.load).toBe('ILineService/getLine');
    const fields = action.fields!;
    const schema = actionDialogSchema(fields, (k) => k) as {
      properties: { grid: { properties: Record<string, { type: string; 'x-component': string }> } };
    };
    expect(schema.properties.grid.properties.answerList).toMatchObject({
      type: 'array',
      'x-component': 'editableTable',
    });
  });

  it('starts from the record, and sends the rows as they are', () => {
    const fields = action.fields!;
    const parts = [
      { partSeq: 1, promiseQty: '60', promiseDate: '2026-12-05' },
      { partSeq: 2, promiseQty: '40', promiseDate: '2026-12-20' },
    ];
    expect(actionDialogLoaded(fields, { id: 'L1', answerList: parts, note: null })).toEqual({
      answerList: parts,
    });
    expect(actionDialogLoaded(fields, undefined)).toEqual({});
    expect(actionDialogValues(fields, { answerList: parts, note: ' ok ' })).toEqual({
      answerList: parts,
      note: 'ok',
    });
  });
});
