import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NormalisedAction } from '../../screens/types';
import { fitCount, reasonLines, splitToolbar, type Toolbar, type ToolbarButton } from './toolbar';

const GAP = 8;

export function ListToolbar({
  toolbar,
  running,
  onRun,
}: {
  toolbar: Toolbar;
  running?: string;
  onRun: (action: NormalisedAction) => void;
}) {
  const { t } = useTranslation();
  const wrapper = useRef<HTMLDivElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState(Number.POSITIVE_INFINITY);
  /** The wrapper never gets narrower than the More button, so More itself stays whole. */
  const [moreWidth, setMoreWidth] = useState(0);

  // Buttons the screen marks `more` always fold; the others stay open as far as the room allows.
  const pinned = toolbar.buttons.filter((b) => !b.action.more);
  const withMore = useRef(false);
  withMore.current = pinned.length < toolbar.buttons.length;

  // The hidden row holds every other button at its natural width; the wrapper's width decides how many
  // fit.
  useLayoutEffect(() => {
    const el = wrapper.current;
    const ruler = measure.current;
    if (!el || !ruler) return;
    const update = () => {
      const widths = [...ruler.querySelectorAll<HTMLElement>('[data-measure]')].map((b) => b.offsetWidth);
      const more = ruler.querySelector<HTMLElement>('[data-measure-more]')?.offsetWidth ?? 80;
      setMoreWidth(more);
      setFit(fitCount(widths, el.clientWidth, GAP, more + GAP, withMore.current));
    };
    update();
    // The room changes with the wrapper; the buttons' own widths change with the font once it has
    // loaded, with the language and with the size setting, and the hidden row follows them.
    const observer = new ResizeObserver(update);
    observer.observe(el);
    observer.observe(ruler);
    return () => observer.disconnect();
  }, []);

  if (!toolbar.visible) return null;
  const { open, folded } = splitToolbar(toolbar.buttons, fit);
  /** The tip of a disabled button: its reason, then a line for each row it refuses. */
  const tip = (item: ToolbarButton) => {
    const lines = reasonLines(item, t);
    return lines.length > 1 ? lines.map((line) => <div key={line}>{line}</div>) : lines[0];
  };

  const render = (item: ToolbarButton, i: number) => {
    const { action, disabled, reasonKey } = item;
    const button = (
      <Button
        key={action.key}
        type={i === 0 && action.kind === 'add' ? 'primary' : 'default'}
        danger={action.danger}
        disabled={disabled}
        loading={running === action.key}
        onClick={() => onRun(action)}
        data-action={action.kind}
      >
        {t(action.labelKey)}
      </Button>
    );
    // A disabled button swallows pointer events, so the tooltip hangs on a wrapper.
    return disabled && reasonKey ? (
      <Tooltip key={action.key} title={tip(item)} mouseEnterDelay={0.05}>
        <span className="screen-list__disabled">{button}</span>
      </Tooltip>
    ) : (
      button
    );
  };

  return (
    <div ref={wrapper} className="screen-list__toolbar-wrap" style={{ minWidth: moreWidth }}>
      <div ref={measure} className="screen-list__toolbar-measure" aria-hidden>
        {pinned.map(({ action }) => (
          <Button key={action.key} data-measure tabIndex={-1}>
            {t(action.labelKey)}
          </Button>
        ))}
        <Button data-measure-more tabIndex={-1}>
          {t('list.more')} <DownOutlined />
        </Button>
      </div>
      <div className="screen-list__toolbar">
        {open.map(render)}
        {folded.length > 0 && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: folded.map((item) => ({
                key: item.action.key,
                disabled: item.disabled || running === item.action.key,
                danger: item.action.danger,
                label: (
                  <Tooltip title={item.disabled ? tip(item) : undefined} mouseEnterDelay={0.05}>
                    <span data-action={item.action.kind}>{t(item.action.labelKey)}</span>
                  </Tooltip>
                ),
              })),
              onClick: ({ key }) => {
                const button = folded.find((b) => b.action.key === key);
                if (button && !button.disabled) onRun(button.action);
              },
            }}
          >
            <Button className="screen-list__more-actions">
              {t('list.more')} <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </div>
    </div>
  );
}
