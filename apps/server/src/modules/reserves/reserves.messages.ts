import type { LocalizedMessages } from '../../platform/i18n/messages.ts';

export const reservesMessages: LocalizedMessages = {
  en_us: {
    'reserves.snapshotNotFound': 'No proof-of-reserves snapshot has been published yet',
    'field.snapshotId': 'Snapshot',
    'field.limit': 'Number of snapshots',
  },
  zh_hk: {
    'reserves.snapshotNotFound': '尚未發佈儲備證明快照',
    'field.snapshotId': '快照',
    'field.limit': '快照數量',
  },
  zh_cn: {
    'reserves.snapshotNotFound': '尚未发布储备证明快照',
    'field.snapshotId': '快照',
    'field.limit': '快照数量',
  },
  de: {
    'reserves.snapshotNotFound': 'Es wurde noch kein Reservennachweis veröffentlicht',
    'field.snapshotId': 'Momentaufnahme',
    'field.limit': 'Anzahl der Momentaufnahmen',
  },
  fr: {
    'reserves.snapshotNotFound': 'Aucune preuve de réserves n’a encore été publiée',
    'field.snapshotId': 'Instantané',
    'field.limit': 'Nombre d’instantanés',
  },
  jp: {
    'reserves.snapshotNotFound': '準備金証明のスナップショットはまだ公開されていません',
    'field.snapshotId': 'スナップショット',
    'field.limit': 'スナップショット数',
  },
  kr: {
    'reserves.snapshotNotFound': '아직 게시된 준비금 증명 스냅샷이 없습니다',
    'field.snapshotId': '스냅샷',
    'field.limit': '스냅샷 수',
  },
  tr: {
    'reserves.snapshotNotFound': 'Henüz yayımlanmış bir rezerv kanıtı yok',
    'field.snapshotId': 'Anlık görüntü',
    'field.limit': 'Anlık görüntü sayısı',
  },
};
