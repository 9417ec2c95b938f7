// Labels of the listing filters (facets) in every catalogue language: filter titles, colour families
// with their swatch, materials in the nominative (the vocabulary's names follow a preposition, so German
// ones are datives there), and the one-size label.
import { t, type Localized } from './localized.ts';

export const FACET_TITLES = {
  color: t('Colour', 'Couleur', 'Colore', 'Color', 'Farbe', 'Cor', 'カラー', '컬러', '颜色'),
  category: t(
    'Category',
    'Catégorie',
    'Categoria',
    'Categoría',
    'Kategorie',
    'Categoria',
    'カテゴリー',
    '카테고리',
    '类别',
  ),
  material: t('Material', 'Matière', 'Materiale', 'Material', 'Material', 'Material', '素材', '소재', '材质'),
  size: t('Size', 'Taille', 'Taglia', 'Talla', 'Größe', 'Tamanho', 'サイズ', '사이즈', '尺码'),
  instock: t(
    'Availability',
    'Disponibilité',
    'Disponibilità',
    'Disponibilidad',
    'Verfügbarkeit',
    'Disponibilidade',
    '在庫',
    '재고',
    '库存',
  ),
  price: t('Price', 'Prix', 'Prezzo', 'Precio', 'Preis', 'Preço', '価格', '가격', '价格'),
} satisfies Record<string, Localized>;

/** The in-stock toggle's value. */
export const IN_STOCK_LABEL: Localized = t(
  'In stock only',
  'En stock uniquement',
  'Solo disponibili',
  'Solo disponibles',
  'Nur vorrätige Artikel',
  'Somente em estoque',
  '在庫ありのみ',
  '재고 있는 상품만',
  '仅显示有货',
);

/** Label of the one-size code `TU`. */
export const ONE_SIZE_LABEL: Localized = t(
  'One size',
  'Taille unique',
  'Taglia unica',
  'Talla única',
  'Einheitsgröße',
  'Tamanho único',
  'ワンサイズ',
  '원 사이즈',
  '均码',
);

export interface MacroColorFacet {
  /** The value written in filter strings (products' `macroColor`). */
  code: string;
  /** Swatch of the family. */
  hex: string;
  names: Localized;
}

/** Colour families, in the order a colour filter lists them. */
export const MACRO_COLORS: readonly MacroColorFacet[] = [
  {
    code: 'black',
    hex: '#141414',
    names: t('Black', 'Noir', 'Nero', 'Negro', 'Schwarz', 'Preto', 'ブラック', '블랙', '黑色'),
  },
  {
    code: 'white',
    hex: '#EFE8DA',
    names: t('White', 'Blanc', 'Bianco', 'Blanco', 'Weiß', 'Branco', 'ホワイト', '화이트', '白色'),
  },
  {
    code: 'beige',
    hex: '#CBB597',
    names: t('Beige', 'Beige', 'Beige', 'Beige', 'Beige', 'Bege', 'ベージュ', '베이지', '米色'),
  },
  {
    code: 'brown',
    hex: '#6B4A33',
    names: t('Brown', 'Marron', 'Marrone', 'Marrón', 'Braun', 'Marrom', 'ブラウン', '브라운', '棕色'),
  },
  {
    code: 'red',
    hex: '#8C1C22',
    names: t('Red', 'Rouge', 'Rosso', 'Rojo', 'Rot', 'Vermelho', 'レッド', '레드', '红色'),
  },
  { code: 'pink', hex: '#E2C2BD', names: t('Pink', 'Rose', 'Rosa', 'Rosa', 'Rosa', 'Rosa', 'ピンク', '핑크', '粉色') },
  { code: 'blue', hex: '#1F2B45', names: t('Blue', 'Bleu', 'Blu', 'Azul', 'Blau', 'Azul', 'ブルー', '블루', '蓝色') },
  {
    code: 'green',
    hex: '#2F4A37',
    names: t('Green', 'Vert', 'Verde', 'Verde', 'Grün', 'Verde', 'グリーン', '그린', '绿色'),
  },
  {
    code: 'grey',
    hex: '#6F6D6A',
    names: t('Grey', 'Gris', 'Grigio', 'Gris', 'Grau', 'Cinza', 'グレー', '그레이', '灰色'),
  },
  {
    code: 'gold',
    hex: '#C9A45C',
    names: t('Gold', 'Or', 'Oro', 'Dorado', 'Gold', 'Dourado', 'ゴールド', '골드', '金色'),
  },
  {
    code: 'silver',
    hex: '#B9BBBD',
    names: t('Silver', 'Argent', 'Argento', 'Plateado', 'Silber', 'Prateado', 'シルバー', '실버', '银色'),
  },
];

/**
 * Material labels as a filter shows them, by material code: capitalised, in the nominative (the demo
 * catalogue's vocabulary writes its names for after a preposition: German datives; a fixtures test checks that
 * every material it draws has a label here).
 */
export const MATERIAL_LABELS: Readonly<Record<string, Localized>> = {
  calfskin: t(
    'Calfskin',
    'Cuir de veau',
    'Pelle di vitello',
    'Piel de becerro',
    'Kalbsleder',
    'Couro de bezerro',
    'カーフスキン',
    '카프스킨',
    '小牛皮',
  ),
  lambskin: t(
    'Lambskin',
    'Cuir d’agneau',
    'Pelle di agnello',
    'Piel de cordero',
    'Lammleder',
    'Couro de cordeiro',
    'ラムスキン',
    '램스킨',
    '小羊皮',
  ),
  'grained-leather': t(
    'Grained leather',
    'Cuir grainé',
    'Pelle martellata',
    'Piel granulada',
    'Genarbtes Leder',
    'Couro granulado',
    'グレインレザー',
    '그레인 레더',
    '粒面皮革',
  ),
  'patent-leather': t(
    'Patent leather',
    'Cuir verni',
    'Pelle verniciata',
    'Charol',
    'Lackleder',
    'Couro envernizado',
    'パテントレザー',
    '페이턴트 레더',
    '漆皮',
  ),
  suede: t('Suede', 'Daim', 'Camoscio', 'Ante', 'Veloursleder', 'Camurça', 'スエード', '스웨이드', '绒面革'),
  'quilted-leather': t(
    'Quilted leather',
    'Cuir matelassé',
    'Pelle matelassé',
    'Piel acolchada',
    'Gestepptes Leder',
    'Couro matelassê',
    'キルティングレザー',
    '퀼팅 레더',
    '绗缝皮革',
  ),
  'croc-embossed-leather': t(
    'Crocodile-embossed leather',
    'Cuir embossé crocodile',
    'Pelle stampa coccodrillo',
    'Piel con grabado de cocodrilo',
    'Leder mit Krokoprägung',
    'Couro com textura de crocodilo',
    'クロコダイル型押しレザー',
    '크로커다일 엠보싱 레더',
    '鳄鱼压纹皮革',
  ),
  'intrecciato-leather': t(
    'Intrecciato leather',
    'Cuir Intrecciato',
    'Pelle Intrecciato',
    'Piel Intrecciato',
    'Intrecciato-Leder',
    'Couro Intrecciato',
    'イントレチャート レザー',
    '인트레치아토 레더',
    'Intrecciato 编织皮革',
  ),
  canvas: t('Canvas', 'Toile', 'Tela', 'Lona', 'Canvas', 'Lona', 'キャンバス', '캔버스', '帆布'),
  nylon: t('Nylon', 'Nylon', 'Nylon', 'Nailon', 'Nylon', 'Náilon', 'ナイロン', '나일론', '尼龙'),
  satin: t('Satin', 'Satin', 'Raso', 'Satén', 'Satin', 'Cetim', 'サテン', '새틴', '缎面'),
  wool: t('Wool', 'Laine', 'Lana', 'Lana', 'Wolle', 'Lã', 'ウール', '울', '羊毛'),
  'wool-gabardine': t(
    'Wool gabardine',
    'Gabardine de laine',
    'Gabardine di lana',
    'Gabardina de lana',
    'Wollgabardine',
    'Gabardine de lã',
    'ウールギャバジン',
    '울 개버딘',
    '羊毛华达呢',
  ),
  'wool-cashmere': t(
    'Wool and cashmere',
    'Laine et cachemire',
    'Lana e cashmere',
    'Lana y cachemir',
    'Wolle und Kaschmir',
    'Lã e caxemira',
    'ウールカシミヤ',
    '울 캐시미어',
    '羊毛羊绒混纺',
  ),
  cashmere: t('Cashmere', 'Cachemire', 'Cashmere', 'Cachemir', 'Kaschmir', 'Caxemira', 'カシミヤ', '캐시미어', '羊绒'),
  'silk-crepe': t(
    'Silk crêpe',
    'Crêpe de soie',
    'Crêpe di seta',
    'Crepé de seda',
    'Seidenkrepp',
    'Crepe de seda',
    'シルククレープ',
    '실크 크레이프',
    '真丝绉纱',
  ),
  'cotton-poplin': t(
    'Cotton poplin',
    'Popeline de coton',
    'Popeline di cotone',
    'Popelín de algodón',
    'Baumwollpopeline',
    'Popeline de algodão',
    'コットンポプリン',
    '코튼 포플린',
    '棉质府绸',
  ),
  mohair: t('Mohair', 'Mohair', 'Mohair', 'Mohair', 'Mohair', 'Mohair', 'モヘア', '모헤어', '马海毛'),
  brass: t('Brass', 'Laiton', 'Ottone', 'Latón', 'Messing', 'Latão', '真鍮', '황동', '黄铜'),
  'sterling-silver': t(
    'Sterling silver',
    'Argent massif',
    'Argento sterling',
    'Plata de ley',
    'Sterlingsilber',
    'Prata de lei',
    'スターリングシルバー',
    '스털링 실버',
    '纯银',
  ),
  vermeil: t('Vermeil', 'Vermeil', 'Vermeil', 'Vermeil', 'Vermeil', 'Vermeil', 'ヴェルメイユ', '버메일', '镀金纯银'),
};
