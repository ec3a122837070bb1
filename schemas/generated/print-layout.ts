/* Generated from schemas/print-layout.schema.json by `npm run schemas`. Do not edit by hand. */

/**
 * The layout of a document template (bm_print_template.layout): what IReportPrintService/print draws for the selected records. A table lists the records under a title and header fields; labels place one label per record on a grid, with texts, lines, boxes and barcodes. Lengths are millimetres from the top left; font sizes are points.
 */
export type PrintLayout = {
  /**
   * table: the records as rows of a table (needs `table`); labels: one label per record on a grid (needs `labels`).
   */
  kind: 'table' | 'labels';
  page: Page;
  /**
   * table: the title at the top of every page; default the template's name.
   */
  title?:
    | {
        key: LocaleKey;
      }
    | {
        /**
         * The literal text.
         */
        text: string;
      };
  /**
   * table: label and value pairs under the title of every page (printed by, print time, number of records).
   *
   * @maxItems 30
   */
  header?: HeaderField[];
  table?: Table;
  labels?: Labels;
};
/**
 * A key of locales/*.json, shown in the caller's language.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "localeKey".
 */
export type LocaleKey = string;
/**
 * A field of the module's records (a declared field of its resource).
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "prop".
 */
export type Prop = string;
/**
 * One thing drawn on a label.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "element".
 */
export type Element = TextElement | BarcodeElement | LineElement | BoxElement;
/**
 * A length in millimetres.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "mm".
 */
export type Mm = number;
/**
 * What a header field, a label text or a barcode shows: a field of the record (as users see it: dictionary names in the caller's language, dates formatted), a fixed text, a value of the print job, or a pattern of fields.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "value".
 */
export type Value =
  | {
      field: Prop;
    }
  | {
      key: LocaleKey;
    }
  | {
      /**
       * The literal text.
       */
      text: string;
    }
  | {
      /**
       * printer: the name of the user printing; printTime: now, yyyy-MM-dd HH:mm:ss; count: how many records; templateName: the template's name.
       */
      system: 'printer' | 'printTime' | 'count' | 'templateName';
    }
  | {
      /**
       * A pattern in which each {prop} is the record's field, for example "{orgNo}/{warehouseNo}".
       */
      format: string;
    };
/**
 * A fixed text: a locale key, or a literal shown as it is.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "text".
 */
export type Text =
  | {
      key: LocaleKey;
    }
  | {
      /**
       * The literal text.
       */
      text: string;
    };

/**
 * The paper.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "page".
 */
export interface Page {
  /**
   * A named paper size, or width and height in millimetres (a thermal label roll, for example).
   */
  size:
    | ('A3' | 'A4' | 'A5' | 'A6' | 'LETTER' | 'LEGAL')
    | {
        /**
         * Width in mm.
         */
        width: number;
        /**
         * Height in mm.
         */
        height: number;
      };
  /**
   * landscape swaps width and height; default portrait.
   */
  orientation?: 'portrait' | 'landscape';
  /**
   * Margin on every side in mm; default 12.
   */
  margin?: number;
}
/**
 * One label and value under the title.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "headerField".
 */
export interface HeaderField {
  /**
   * A key of locales/*.json, shown in the caller's language.
   */
  labelKey: string;
  /**
   * The value; a field is taken from the first record.
   */
  value:
    | {
        field: Prop;
      }
    | {
        key: LocaleKey;
      }
    | {
        /**
         * The literal text.
         */
        text: string;
      }
    | {
        /**
         * printer: the name of the user printing; printTime: now, yyyy-MM-dd HH:mm:ss; count: how many records; templateName: the template's name.
         */
        system: 'printer' | 'printTime' | 'count' | 'templateName';
      }
    | {
        /**
         * A pattern in which each {prop} is the record's field, for example "{orgNo}/{warehouseNo}".
         */
        format: string;
      };
}
/**
 * The records as table rows; the head repeats on every page and a row never splits across pages.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "table".
 */
export interface Table {
  /**
   * The columns, in order.
   *
   * @minItems 1
   * @maxItems 30
   */
  columns: [Column, ...Column[]];
  /**
   * Font size of the cells; default 9.
   */
  fontSize?: number;
  /**
   * Start each row with its number (1, 2, ...); default true.
   */
  index?: boolean;
}
/**
 * A column of the table.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "column".
 */
export interface Column {
  /**
   * A field of the records, or *custom for every active custom field (frame-define) of the module.
   */
  prop: string;
  /**
   * A key of locales/*.json, shown in the caller's language.
   */
  labelKey?: string;
  /**
   * Relative width; the columns share the page width in proportion. Default 1.
   */
  width?: number;
  /**
   * Alignment of the cells; default left.
   */
  align?: 'left' | 'center' | 'right';
}
/**
 * One label per record, placed left to right, then top to bottom, from the page's top left margin.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "labels".
 */
export interface Labels {
  /**
   * Label width in mm.
   */
  width: number;
  /**
   * Label height in mm.
   */
  height: number;
  /**
   * Labels across a page; default 1.
   */
  columns?: number;
  /**
   * Labels down a page; default 1.
   */
  rows?: number;
  /**
   * Space between two labels side by side, in mm; default 0.
   */
  gapX?: number;
  /**
   * Space between two labels one above the other, in mm; default 0.
   */
  gapY?: number;
  /**
   * Draw each label's outline (a cutting guide); default false.
   */
  border?: boolean;
  /**
   * What a label holds; x and y are from the label's top left corner.
   *
   * @minItems 1
   * @maxItems 40
   */
  elements: [Element, ...Element[]];
}
/**
 * A text; it wraps within width and is cut at height.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "textElement".
 */
export interface TextElement {
  /**
   * A text.
   */
  type: 'text';
  x: Mm;
  y: Mm;
  width: Mm;
  /**
   * A length in millimetres.
   */
  height?: number;
  value: Value;
  /**
   * A key of locales/*.json, shown in the caller's language.
   */
  labelKey?: string;
  /**
   * Font size in points; default 9.
   */
  fontSize?: number;
  /**
   * Bold; default false.
   */
  bold?: boolean;
  /**
   * Alignment within width; default left.
   */
  align?: 'left' | 'center' | 'right';
}
/**
 * A barcode of a value, drawn as vector bars or modules (sharp at any printer resolution). A linear barcode keeps a quiet zone on both sides inside width; a 2D code keeps its modules square and is centred in the box. A value the symbology cannot hold refuses the print.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "barcodeElement".
 */
export interface BarcodeElement {
  /**
   * A barcode.
   */
  type: 'barcode';
  /**
   * code128 and code39 hold printable ASCII; ean13 12 or 13 digits; gs1-128 GS1 element strings with their application identifiers in parentheses, check digits verified ("(00)106141412345678908" for an SSCC); qrcode, datamatrix and pdf417 any text (UTF-8).
   */
  symbology: 'code128' | 'code39' | 'ean13' | 'gs1-128' | 'qrcode' | 'datamatrix' | 'pdf417';
  x: Mm;
  y: Mm;
  width: Mm;
  /**
   * A length in millimetres.
   */
  height: number;
  value: Value;
  /**
   * Linear barcodes: print the value under the bars; default true.
   */
  showText?: boolean;
}
/**
 * A straight line.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "lineElement".
 */
export interface LineElement {
  /**
   * A line.
   */
  type: 'line';
  x1: Mm;
  y1: Mm;
  x2: Mm;
  y2: Mm;
  /**
   * Line width in mm; default 0.3.
   */
  thickness?: number;
}
/**
 * A rectangle outline.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "boxElement".
 */
export interface BoxElement {
  /**
   * A box.
   */
  type: 'box';
  x: Mm;
  y: Mm;
  width: Mm;
  height: Mm;
  /**
   * Line width in mm; default 0.3.
   */
  thickness?: number;
}
