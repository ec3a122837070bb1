import screenSchema from '@schemas/screen.schema.json';
import { describe, expect, it } from 'vitest';
import { WIDGET_KINDS } from '../screens/widgetKinds';
import { widgets } from '../widgets/registry';
import './widgets';

describe('the built-in widgets', () => {
  it('the engine registry holds exactly the widgets the screen schema allows', () => {
    const allowed = screenSchema.definitions.field.properties.widget.enum;
    expect(widgets.names().sort()).toEqual([...allowed].sort());
    expect(Object.keys(WIDGET_KINDS).sort()).toEqual([...allowed].sort());
    for (const name of allowed) expect(typeof widgets.get(name)).toMatch(/function|object/);
    expect(() => widgets.register('input', () => null)).toThrow(/already registered/);
  });
});
