// Demo rules, labels, strategies and messages, seeded once (own marker, so a database seeded before
// these existed gets them at its next start) for the demo organisations SH01 and HN01, so every screen
// of Base → Barcode, Strategy and Message shows something. Labels are dated over the last 60 days.
import type { Db } from '../db/database.js';
import { seedOnce } from './once.js';

const audit = { createName: 'system', updateName: 'system' };
const DAY = 86_400_000;

type Tx = Parameters<Parameters<ReturnType<Db['transaction']>['execute']>[0]>[0];

async function lotRule(tx: Tx, orgNo: string, no: string, name: string) {
  const { id } = await tx
    .insertInto('bmLotRuleHead')
    .values({ orgNo, lotRuleNo: no, lotRuleName: name, ...audit })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lines = [
    {
      lotAtt: 'lotAtt01',
      isCombinationLotNo: 'Y',
      dateFormat: 'yyyy-MM-dd',
      lotKey: 'Y',
      defaultValue: null,
    },
    {
      lotAtt: 'lotAtt02',
      isCombinationLotNo: 'N',
      dateFormat: 'yyyy-MM-dd',
      lotKey: 'N',
      defaultValue: null,
    },
    { lotAtt: 'lotAtt03', isCombinationLotNo: 'Y', dateFormat: null, lotKey: 'Y', defaultValue: 'NA' },
  ];
  await tx
    .insertInto('bmLotRuleLine')
    .values(lines.map((l, i) => ({ ...l, lotRuleId: id, seqNo: i + 1, ...audit })))
    .execute();
}

interface Element {
  codingId: string;
  parameter: string;
  fieldType: string;
  lotRule?: string;
  inputType?: string;
  partNo?: number;
  leng?: number;
  prefixChar?: string;
  matchCriteria?: string;
}

async function barRule(
  tx: Tx,
  head: {
    orgNo: string;
    barRuleNo: string;
    barRuleName: string;
    barType: string;
    parseMethod: string;
    codeTotal?: number;
  },
  elements: Element[],
) {
  const { id } = await tx
    .insertInto('bmBarRuleHead')
    .values({ ...head, codeTotal: head.codeTotal ?? null, ...audit })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('bmBarRuleLine')
    .values(
      elements.map((e, i) => ({
        barRuleId: id,
        seqNo: i + 1,
        codingId: e.codingId,
        parameter: e.parameter,
        fieldType: e.fieldType,
        lotRule: e.lotRule ?? null,
        inputType: e.inputType ?? 'text',
        partNo: e.partNo ?? null,
        leng: e.leng ?? null,
        prefixChar: e.prefixChar ?? null,
        matchCriteria: e.matchCriteria ?? null,
        ...audit,
      })),
    )
    .execute();
}

async function strategy(
  tx: Tx,
  orgNo: string,
  strategyKind: 'upper' | 'under' | 'turn' | 'allocate',
  strategyNo: string,
  strategyName: string,
  isDefault: 'Y' | 'N',
  lines: Record<string, string | null>[],
) {
  const { id } = await tx
    .insertInto('bmStrategyHead')
    .values({ orgNo, strategyKind, strategyNo, strategyName, isDefault, ...audit })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('bmStrategyLine')
    .values(lines.map((l, i) => ({ ...l, strategyId: id, seqNo: i + 1, ...audit })))
    .execute();
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);

export async function seedRulesDemo(db: Db): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await seedOnce(tx, 'demo-rules'))) return false;
    const orgs = (
      await tx.selectFrom('bmOrg').select('orgNo').where('orgNo', 'in', ['SH01', 'HN01']).execute()
    ).map((o) => o.orgNo);
    if (orgs.length < 2) return false;

    // Application classification of the demo classify types.
    await tx
      .updateTable('bmClassifyType')
      .set({ applicationType: 'PURCHASE', docNature: '1' })
      .where('applicationType', 'is', null)
      .execute();

    await lotRule(tx, 'SH01', 'LR-STD', 'Standard batch (production date, expiry, supplier lot)');
    await lotRule(tx, 'HN01', 'LR-HN', 'Hanoi batch');
    await barRule(
      tx,
      {
        orgNo: 'SH01',
        barRuleNo: 'BR-ITEM',
        barRuleName: 'Item label, fixed length',
        barType: '1',
        parseMethod: '1',
        codeTotal: 28,
      },
      [
        { codingId: 'A', parameter: 'standardCol', fieldType: 'itemNo', leng: 10 },
        {
          codingId: 'B',
          parameter: 'lotAtt',
          fieldType: 'lotAtt01',
          lotRule: 'LR-STD',
          inputType: 'date',
          leng: 8,
        },
        { codingId: 'C', parameter: 'standardCol', fieldType: 'qty', leng: 6, matchCriteria: '^[0-9]+$' },
        { codingId: 'D', parameter: 'standardCol', fieldType: 'serialNo', leng: 4 },
      ],
    );
    await barRule(
      tx,
      {
        orgNo: 'SH01',
        barRuleNo: 'BR-GS1',
        barRuleName: 'GS1 application identifiers',
        barType: '1',
        parseMethod: '3',
      },
      [
        { codingId: 'A', parameter: 'standardCol', fieldType: 'itemNo', prefixChar: '(01)' },
        { codingId: 'B', parameter: 'lotAtt', fieldType: 'lotAtt03', lotRule: 'LR-STD', prefixChar: '(10)' },
        {
          codingId: 'C',
          parameter: 'standardCol',
          fieldType: 'barcodeVldDate',
          inputType: 'date',
          prefixChar: '(17)',
        },
        { codingId: 'D', parameter: 'standardCol', fieldType: 'qty', prefixChar: '(30)' },
      ],
    );
    await barRule(
      tx,
      {
        orgNo: 'HN01',
        barRuleNo: 'BR-SN',
        barRuleName: 'Serial number label',
        barType: '3',
        parseMethod: '2',
      },
      [
        { codingId: 'A', parameter: 'standardCol', fieldType: 'itemNo', partNo: 1 },
        { codingId: 'S', parameter: 'standardCol', fieldType: 'serialNo', partNo: 2 },
      ],
    );

    await tx
      .insertInto('bmBoxRuleHead')
      .values([
        { orgNo: 'SH01', boxRuleNo: 'BOX-STD', boxRuleName: 'Standard carton', codeTotal: 12, ...audit },
        {
          orgNo: 'SH01',
          boxRuleNo: 'BOX-CRATE',
          boxRuleName: 'Returnable crate',
          codeTotal: 10,
          isMixSku: 'Y',
          isRecycle: 'Y',
          ...audit,
        },
        {
          orgNo: 'HN01',
          boxRuleNo: 'BOX-HN',
          boxRuleName: 'Hanoi pallet',
          codeTotal: 12,
          isControlSn: 'Y',
          isAutoCreate: 'Y',
          ...audit,
        },
      ])
      .execute();

    // Containers and the labels packed in them.
    const now = Date.now();
    const boxes = [
      {
        orgNo: 'SH01',
        supplierNo: 'SUP001',
        boxNo: 'BX0000000001',
        boxRuleNo: 'BOX-STD',
        boxLevel: '2',
        usageCount: 1,
      },
      {
        orgNo: 'SH01',
        supplierNo: 'SUP001',
        boxNo: 'BX0000000002',
        boxRuleNo: 'BOX-STD',
        boxLevel: '2',
        usageCount: 1,
      },
      {
        orgNo: 'SH01',
        supplierNo: null,
        boxNo: 'CR00000001',
        boxRuleNo: 'BOX-CRATE',
        boxLevel: '1',
        boxOwner: 'SH01',
        usageCount: 14,
      },
      {
        orgNo: 'HN01',
        supplierNo: 'SUP002',
        boxNo: 'HP0000000001',
        boxRuleNo: 'BOX-HN',
        boxLevel: '3',
        usageCount: 1,
      },
    ];
    await tx
      .insertInto('bmBox')
      .values(boxes.map((b) => ({ boxOwner: null, ...b, ...audit })))
      .execute();
    const items = ['RM-1001', 'RM-1002', 'RM-2001', 'FG-3001'];
    const labels = Array.from({ length: 48 }, (_, i) => {
      const hn = i % 4 === 3;
      const created = new Date(now - (i * 60 * DAY) / 48);
      const sn = i % 6 === 0;
      const item = items[i % items.length];
      const lotDate = new Date(created.getTime() - 5 * DAY);
      return {
        orgNo: hn ? 'HN01' : 'SH01',
        supplierNo: i % 5 === 4 ? null : hn ? 'SUP002' : 'SUP001',
        barcode: `${hn ? 'HN' : 'SH'}${String(100000 + i)}`,
        barType: sn ? '3' : '1',
        itemNo: item,
        sourceNo: `PO${hn ? 'HN' : 'SH'}${String(2024000 + Math.floor(i / 4))}`,
        combinationLotNo: `L${ymd(lotDate).replace(/-/g, '')}-${(i % 3) + 1}`,
        lotDate: ymd(lotDate),
        qty: sn ? 1 : 50 + (i % 7) * 10,
        unitNo: sn ? 'PCS' : 'BOX',
        snBarcodeStatus: sn ? String((i % 4) + 1) : '1',
        supplierBarcode: `S-${item}-${i}`,
        customerBarcode: null,
        barcodeVldDate: ymd(new Date(lotDate.getTime() + 365 * DAY)),
        snWarehouseNo: sn && i % 4 !== 0 ? (hn ? 'HN01-RM' : 'SH01-RM') : null,
        snCellNo: sn && i % 4 === 1 ? 'A-01-01' : null,
        boxNo: hn
          ? i < 12
            ? 'HP0000000001'
            : null
          : i < 6
            ? 'BX0000000001'
            : i < 10
              ? 'BX0000000002'
              : null,
        ...audit,
        createDate: created,
        updateDate: created,
      };
    });
    await tx.insertInto('bmBarcode').values(labels).execute();
    const transactions = labels
      .filter((l) => l.barType === '3')
      .flatMap((l) =>
        ['1', '2', '3', '4']
          .filter((s) => s <= l.snBarcodeStatus)
          .map((status, k) => {
            const at = new Date(l.createDate.getTime() + k * DAY);
            return {
              orgNo: l.orgNo,
              supplierNo: l.supplierNo,
              barcode: l.barcode,
              itemNo: l.itemNo,
              combinationLotNo: l.combinationLotNo,
              sourceNo: l.sourceNo,
              transactionType: status === '2' ? '1' : status === '3' ? '2' : null,
              snBarcodeStatus: status,
              warehouseNo: status === '1' ? null : l.orgNo === 'HN01' ? 'HN01-RM' : 'SH01-RM',
              cellNo: status === '2' ? 'A-01-01' : null,
              transactionDate: at,
              ...audit,
              createDate: at,
              updateDate: at,
            };
          }),
      );
    if (transactions.length) await tx.insertInto('bmSnTransaction').values(transactions).execute();

    await tx
      .insertInto('bmWaveManageHead')
      .values([
        {
          orgNo: 'SH01',
          warehouseNo: 'SH01-FG',
          waveNo: 'WV-STD',
          waveName: 'Standard outbound wave',
          maxDocCount: 20,
          maxLineCount: 200,
          cutOffTime: '16:00',
          isAutoRelease: 'Y',
          ...audit,
        },
        {
          orgNo: 'HN01',
          warehouseNo: 'HN01-RM',
          waveNo: 'WV-HN',
          waveName: 'Hanoi replenishment wave',
          maxDocCount: 10,
          maxQty: 5000,
          ...audit,
        },
      ])
      .execute();

    for (const orgNo of orgs) {
      const s = orgNo.slice(0, 2);
      await strategy(tx, orgNo, 'upper', `PUT-${s}-STD`, 'Fixed cell, then same item, then empty cell', 'Y', [
        { ruleType: '1' },
        { ruleType: '3' },
        { ruleType: '4' },
      ]);
      await strategy(tx, orgNo, 'under', `PICK-${s}-STD`, 'Clear small cells first', 'Y', [
        { ruleType: '2' },
        { ruleType: '1' },
      ]);
      await strategy(tx, orgNo, 'turn', `FIFO-${s}`, 'First in, first out by production date', 'Y', [
        { lotAtt: 'lotAtt01', sortOrder: 'asc' },
      ]);
      await strategy(tx, orgNo, 'allocate', `ALLOC-${s}-STD`, 'Full boxes first, then by turnover', 'Y', [
        { ruleType: '1' },
        { ruleType: '2' },
      ]);
    }
    await strategy(tx, 'SH01', 'turn', 'FEFO-SH', 'First expired, first out', 'N', [
      { lotAtt: 'lotAtt02', sortOrder: 'asc' },
      { lotAtt: 'lotAtt01', sortOrder: 'asc' },
    ]);
    await strategy(tx, 'SH01', 'upper', 'PUT-SH-BULK', 'Bulk goods to empty cells in zone B', 'N', [
      { ruleType: '4', zoneNo: 'B' },
    ]);
    await tx
      .insertInto('bmStrategyApply')
      .values([
        {
          orgNo: 'SH01',
          warehouseNo: 'SH01-RM',
          upperMethodNo: 'PUT-SH-STD',
          turnMethodNo: 'FEFO-SH',
          ...audit,
        },
        {
          orgNo: 'SH01',
          warehouseNo: 'SH01-FG',
          itemClassNo: 'BULK',
          upperMethodNo: 'PUT-SH-BULK',
          ...audit,
        },
        { orgNo: 'HN01', warehouseNo: 'HN01-RM', allocateMethodNo: 'ALLOC-HN-STD', ...audit },
      ])
      .execute();

    await tx
      .insertInto('bmNoticeTemplate')
      .values([
        {
          orgNo: 'SH01',
          noticeTemplateNo: 'TPL-ASN-OK',
          noticeTemplateName: 'Delivery notice approved',
          noticeType: '1',
          noticeTitle: 'Delivery notice {{asnNo}} approved',
          content: 'Your delivery notice {{asnNo}} ({{supplierName}}) was approved. Please ship as planned.',
          ...audit,
        },
        {
          orgNo: 'SH01',
          noticeTemplateNo: 'TPL-ASN-NEW',
          noticeTemplateName: 'Delivery notice to approve',
          noticeType: '2',
          noticeTitle: 'New delivery notice {{asnNo}} from {{supplierName}}',
          content:
            'Delivery notice {{asnNo}} from {{supplierName}} is waiting for approval; delivery on {{deliveryDate}}.',
          ...audit,
        },
        {
          orgNo: 'HN01',
          noticeTemplateNo: 'TPL-BILL',
          noticeTemplateName: 'Bill confirmed',
          noticeType: '1',
          noticeTitle: 'Bill {{billNo}} confirmed',
          content: 'Reconciliation bill {{billNo}} was confirmed by both sides.',
          ...audit,
        },
      ])
      .execute();
    await tx
      .insertInto('bmNoticePolicy')
      .values([
        {
          orgNo: 'SH01',
          policyNo: 'POL-ASN-OK',
          policyName: 'Tell the supplier its delivery notice was approved',
          noticeConfigNo: 'ASN_APPROVED',
          noticeTemplateNo: 'TPL-ASN-OK',
          toSupplier: 'Y',
          ...audit,
        },
        {
          orgNo: 'SH01',
          policyNo: 'POL-ASN-NEW',
          policyName: 'Ask purchasing to approve a new delivery notice',
          noticeConfigNo: 'ASN_SUBMITTED',
          noticeTemplateNo: 'TPL-ASN-NEW',
          receiverUsers: 'buyer',
          receiverRoles: 'admin',
          ...audit,
        },
        {
          orgNo: 'HN01',
          policyNo: 'POL-BILL',
          policyName: 'Bill confirmed to the supplier',
          noticeConfigNo: 'BILL_CONFIRMED',
          noticeTemplateNo: 'TPL-BILL',
          toSupplier: 'Y',
          ...audit,
        },
      ])
      .execute();
    const users = await tx.selectFrom('sysUser').select(['userNo', 'userName', 'supplierNo']).execute();
    const name = (userNo: string) => users.find((u) => u.userNo === userNo)?.userName ?? userNo;
    const notices = [
      ['SH01', null, 'ASN_SUBMITTED', 'TPL-ASN-NEW', 'POL-ASN-NEW', '2', 'buyer', 'ASN202400017', 3, '1'],
      ['SH01', null, 'ASN_SUBMITTED', 'TPL-ASN-NEW', 'POL-ASN-NEW', '2', 'admin', 'ASN202400017', 3, '0'],
      ['SH01', null, 'ASN_SUBMITTED', 'TPL-ASN-NEW', 'POL-ASN-NEW', '2', 'buyer', 'ASN202400021', 1, '0'],
      ['SH01', null, 'ASN_SUBMITTED', 'TPL-ASN-NEW', 'POL-ASN-NEW', '2', 'admin', 'ASN202400021', 1, '0'],
      [
        'SH01',
        'SUP001',
        'ASN_APPROVED',
        'TPL-ASN-OK',
        'POL-ASN-OK',
        '1',
        'supplier1',
        'ASN202400017',
        2,
        '1',
      ],
    ] as const;
    await tx
      .insertInto('bmNotice')
      .values(
        notices.map(([orgNo, supplierNo, config, template, policy, type, userNo, asnNo, daysAgo, read]) => {
          const at = new Date(now - daysAgo * DAY);
          const approved = config === 'ASN_APPROVED';
          return {
            orgNo,
            supplierNo,
            noticeConfigNo: config,
            noticeTemplateNo: template,
            policyNo: policy,
            noticeType: type,
            noticeTitle: approved
              ? `Delivery notice ${asnNo} approved`
              : `New delivery notice ${asnNo} from Acme`,
            content: approved
              ? `Your delivery notice ${asnNo} (Acme) was approved. Please ship as planned.`
              : `Delivery notice ${asnNo} from Acme is waiting for approval; delivery on ${ymd(new Date(now + 2 * DAY))}.`,
            receiverUserNo: userNo,
            receiverName: name(userNo),
            sendDate: at,
            readStatus: read,
            readDate: read === '1' ? new Date(at.getTime() + 3_600_000) : null,
            ...audit,
            createDate: at,
            updateDate: at,
          };
        }),
      )
      .execute();
    return true;
  });
}
