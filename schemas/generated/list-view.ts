/* Generated from schemas/list-view.schema.json by `npm run schemas`. Do not edit by hand. */

/**
 * What a saved list view holds (ISysViewService), and what a user's column settings hold: search params, sort, page size, tab and columns. A field the screen no longer has is dropped when the view is applied; a new field takes the place the screen gives it.
 */
export interface ListView {
  /**
   * Search values by prop (keyword, advanced and extra search fields).
   */
  params?: {
    [k: string]: unknown | undefined;
  };
  /**
   * Server sort.
   */
  sort?: {
    /**
     * A sortable prop of the screen.
     */
    field: string;
    /**
     * Direction.
     */
    order: 'asc' | 'desc';
  };
  /**
   * Rows per page (spec 000 section 9).
   */
  pageSize?: 20 | 30 | 50 | 100 | 200 | 300 | 500 | 1000;
  /**
   * Value of the selected tab, if the screen has tabs.
   */
  tab?: string | null;
  /**
   * The page-mode switch (spec 000 section 2).
   */
  pageMode?: 0 | 1;
  /**
   * Column settings in display order.
   *
   * @maxItems 300
   */
  columns?: ColumnSetting[];
}
/**
 * One column's setting (spec 000 section 3: label, prop, fixed, sort, isShow).
 *
 * This interface was referenced by `ListView`'s JSON-Schema
 * via the `definition` "columnSetting".
 */
export interface ColumnSetting {
  /**
   * The column's prop.
   */
  prop: string;
  /**
   * Label shown when saved (informational; the screen's label wins).
   */
  label?: string;
  /**
   * Frozen on the left or not.
   */
  fixed: 'left' | 'none';
  /**
   * Position, ascending.
   */
  sort?: number;
  /**
   * Shown or hidden.
   */
  isShow: boolean;
  /**
   * Width in pixels chosen for the column (table management); absent: the screen's width.
   */
  width?: number;
}
