/* Generated from schemas/user-info.schema.json by `npm run schemas`. Do not edit by hand. */

/**
 * The logged-in user as the user-info loader (ISrmBmLoginService/getUserInfo) answers it (spec 000 section 3).
 */
export interface UserInfo {
  /**
   * User id.
   */
  id: string;
  /**
   * Login name.
   */
  userNo: string;
  /**
   * Display name.
   */
  userName: string;
  /**
   * The user's own (default) organisation.
   */
  orgNo: string;
  /**
   * Name of orgNo.
   */
  orgName: string;
  /**
   * The user's default warehouse, or empty.
   */
  warehouseNo: string;
  /**
   * Name of warehouseNo, or empty.
   */
  warehouseName: string;
  /**
   * 1 licensed; 0 opens the licence page.
   */
  isLicense: 0 | 1;
  /**
   * Linked staff record, if any.
   */
  employeeId?: string | null;
  /**
   * Avatar file id.
   */
  url?: string | null;
  /**
   * Largest result a list loads before asking confirm.allData.
   */
  limitCount: number;
  /**
   * Tenant id, used in external menu placeholders.
   */
  tenantsid: string;
  /**
   * The supplier the user belongs to (belongSupplier); null for staff.
   */
  supplierNo?: string | null;
  /**
   * Name of supplierNo.
   */
  supplierName?: string | null;
  /**
   * Mobile number.
   */
  phone?: string | null;
  /**
   * E-mail address.
   */
  email?: string | null;
  /**
   * Role numbers (admin sees all routes).
   */
  roles: string[];
  /**
   * Data scope rows: dataType 1 organisation, 2 collected but unused, 3 warehouse, 4 classifyType.
   */
  userDataList: {
    /**
     * Kind of scope value.
     */
    dataType: 1 | 2 | 3 | 4;
    /**
     * orgNo, warehouseNo or classifyType.
     */
    dataValue: string;
    /**
     * Display name of the value.
     */
    dataName?: string;
  }[];
  /**
   * Organisations in scope.
   */
  sysUserOrgResDtoList: Org[];
  /**
   * Warehouses in scope.
   */
  sysUserWarehouseResDtoList: Warehouse[];
  /**
   * Document classify types in scope.
   */
  sysUserClassifyTypeResDtoList: ClassifyType[];
}
/**
 * An organisation the user may work in.
 *
 * This interface was referenced by `UserInfo`'s JSON-Schema
 * via the `definition` "org".
 */
export interface Org {
  /**
   * Organisation number.
   */
  orgNo: string;
  /**
   * Organisation name.
   */
  orgName: string;
  /**
   * Short name.
   */
  orgShortName?: string;
}
/**
 * A warehouse the user may work in.
 *
 * This interface was referenced by `UserInfo`'s JSON-Schema
 * via the `definition` "warehouse".
 */
export interface Warehouse {
  /**
   * Warehouse number.
   */
  warehouseNo: string;
  /**
   * Warehouse name.
   */
  warehouseName: string;
  /**
   * Owning organisation.
   */
  orgNo: string;
}
/**
 * A document classify type the user may work with.
 *
 * This interface was referenced by `UserInfo`'s JSON-Schema
 * via the `definition` "classifyType".
 */
export interface ClassifyType {
  /**
   * Classify type code.
   */
  classifyType: string;
  /**
   * Its name.
   */
  classifyTypeName: string;
}
