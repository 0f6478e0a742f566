/**
 * Territories in statements (issue 16): ISO 3166-1 countries with their alpha-2 code (what we store),
 * alpha-3 code (what Beatport and others report) and English name (what AWAL and others write), and
 * the one reader that turns a statement's territory cell into an alpha-2 code.
 */

export interface Territory {
  /** ISO 3166-1 alpha-2, the code a statement line keeps: "GB". */
  alpha2: string;
  /** ISO 3166-1 alpha-3: "GBR". */
  alpha3: string;
  /** Short English name: "United Kingdom". */
  name: string;
}

// The 249 ISO 3166-1 entries, one a line: alpha-2, alpha-3, short English name. Kept as text so the
// table reads like the standard's and stays one line per country.
const ISO_3166_1 = `
AF AFG Afghanistan
AX ALA Åland Islands
AL ALB Albania
DZ DZA Algeria
AS ASM American Samoa
AD AND Andorra
AO AGO Angola
AI AIA Anguilla
AQ ATA Antarctica
AG ATG Antigua and Barbuda
AR ARG Argentina
AM ARM Armenia
AW ABW Aruba
AU AUS Australia
AT AUT Austria
AZ AZE Azerbaijan
BS BHS Bahamas
BH BHR Bahrain
BD BGD Bangladesh
BB BRB Barbados
BY BLR Belarus
BE BEL Belgium
BZ BLZ Belize
BJ BEN Benin
BM BMU Bermuda
BT BTN Bhutan
BO BOL Bolivia
BQ BES Bonaire, Sint Eustatius and Saba
BA BIH Bosnia and Herzegovina
BW BWA Botswana
BV BVT Bouvet Island
BR BRA Brazil
IO IOT British Indian Ocean Territory
BN BRN Brunei Darussalam
BG BGR Bulgaria
BF BFA Burkina Faso
BI BDI Burundi
CV CPV Cabo Verde
KH KHM Cambodia
CM CMR Cameroon
CA CAN Canada
KY CYM Cayman Islands
CF CAF Central African Republic
TD TCD Chad
CL CHL Chile
CN CHN China
CX CXR Christmas Island
CC CCK Cocos (Keeling) Islands
CO COL Colombia
KM COM Comoros
CG COG Congo
CD COD Congo, Democratic Republic of the
CK COK Cook Islands
CR CRI Costa Rica
CI CIV Côte d'Ivoire
HR HRV Croatia
CU CUB Cuba
CW CUW Curaçao
CY CYP Cyprus
CZ CZE Czechia
DK DNK Denmark
DJ DJI Djibouti
DM DMA Dominica
DO DOM Dominican Republic
EC ECU Ecuador
EG EGY Egypt
SV SLV El Salvador
GQ GNQ Equatorial Guinea
ER ERI Eritrea
EE EST Estonia
SZ SWZ Eswatini
ET ETH Ethiopia
FK FLK Falkland Islands (Malvinas)
FO FRO Faroe Islands
FJ FJI Fiji
FI FIN Finland
FR FRA France
GF GUF French Guiana
PF PYF French Polynesia
TF ATF French Southern Territories
GA GAB Gabon
GM GMB Gambia
GE GEO Georgia
DE DEU Germany
GH GHA Ghana
GI GIB Gibraltar
GR GRC Greece
GL GRL Greenland
GD GRD Grenada
GP GLP Guadeloupe
GU GUM Guam
GT GTM Guatemala
GG GGY Guernsey
GN GIN Guinea
GW GNB Guinea-Bissau
GY GUY Guyana
HT HTI Haiti
HM HMD Heard Island and McDonald Islands
VA VAT Holy See
HN HND Honduras
HK HKG Hong Kong
HU HUN Hungary
IS ISL Iceland
IN IND India
ID IDN Indonesia
IR IRN Iran
IQ IRQ Iraq
IE IRL Ireland
IM IMN Isle of Man
IL ISR Israel
IT ITA Italy
JM JAM Jamaica
JP JPN Japan
JE JEY Jersey
JO JOR Jordan
KZ KAZ Kazakhstan
KE KEN Kenya
KI KIR Kiribati
KP PRK North Korea
KR KOR South Korea
KW KWT Kuwait
KG KGZ Kyrgyzstan
LA LAO Laos
LV LVA Latvia
LB LBN Lebanon
LS LSO Lesotho
LR LBR Liberia
LY LBY Libya
LI LIE Liechtenstein
LT LTU Lithuania
LU LUX Luxembourg
MO MAC Macao
MG MDG Madagascar
MW MWI Malawi
MY MYS Malaysia
MV MDV Maldives
ML MLI Mali
MT MLT Malta
MH MHL Marshall Islands
MQ MTQ Martinique
MR MRT Mauritania
MU MUS Mauritius
YT MYT Mayotte
MX MEX Mexico
FM FSM Micronesia
MD MDA Moldova
MC MCO Monaco
MN MNG Mongolia
ME MNE Montenegro
MS MSR Montserrat
MA MAR Morocco
MZ MOZ Mozambique
MM MMR Myanmar
NA NAM Namibia
NR NRU Nauru
NP NPL Nepal
NL NLD Netherlands
NC NCL New Caledonia
NZ NZL New Zealand
NI NIC Nicaragua
NE NER Niger
NG NGA Nigeria
NU NIU Niue
NF NFK Norfolk Island
MK MKD North Macedonia
MP MNP Northern Mariana Islands
NO NOR Norway
OM OMN Oman
PK PAK Pakistan
PW PLW Palau
PS PSE Palestine
PA PAN Panama
PG PNG Papua New Guinea
PY PRY Paraguay
PE PER Peru
PH PHL Philippines
PN PCN Pitcairn
PL POL Poland
PT PRT Portugal
PR PRI Puerto Rico
QA QAT Qatar
RE REU Réunion
RO ROU Romania
RU RUS Russia
RW RWA Rwanda
BL BLM Saint Barthélemy
SH SHN Saint Helena, Ascension and Tristan da Cunha
KN KNA Saint Kitts and Nevis
LC LCA Saint Lucia
MF MAF Saint Martin (French part)
PM SPM Saint Pierre and Miquelon
VC VCT Saint Vincent and the Grenadines
WS WSM Samoa
SM SMR San Marino
ST STP São Tomé and Príncipe
SA SAU Saudi Arabia
SN SEN Senegal
RS SRB Serbia
SC SYC Seychelles
SL SLE Sierra Leone
SG SGP Singapore
SX SXM Sint Maarten (Dutch part)
SK SVK Slovakia
SI SVN Slovenia
SB SLB Solomon Islands
SO SOM Somalia
ZA ZAF South Africa
GS SGS South Georgia and the South Sandwich Islands
SS SSD South Sudan
ES ESP Spain
LK LKA Sri Lanka
SD SDN Sudan
SR SUR Suriname
SJ SJM Svalbard and Jan Mayen
SE SWE Sweden
CH CHE Switzerland
SY SYR Syria
TW TWN Taiwan
TJ TJK Tajikistan
TZ TZA Tanzania
TH THA Thailand
TL TLS Timor-Leste
TG TGO Togo
TK TKL Tokelau
TO TON Tonga
TT TTO Trinidad and Tobago
TN TUN Tunisia
TR TUR Türkiye
TM TKM Turkmenistan
TC TCA Turks and Caicos Islands
TV TUV Tuvalu
UG UGA Uganda
UA UKR Ukraine
AE ARE United Arab Emirates
GB GBR United Kingdom
US USA United States
UM UMI United States Minor Outlying Islands
UY URY Uruguay
UZ UZB Uzbekistan
VU VUT Vanuatu
VE VEN Venezuela
VN VNM Vietnam
VG VGB British Virgin Islands
VI VIR U.S. Virgin Islands
WF WLF Wallis and Futuna
EH ESH Western Sahara
YE YEM Yemen
ZM ZMB Zambia
ZW ZWE Zimbabwe
`;

/**
 * Kosovo is not in ISO 3166-1 yet every major store reports it, with the user-assigned code XK (the
 * code the European Commission and CLDR use), so a statement line from Kosovo is a territory.
 */
const USER_ASSIGNED = 'XK XKX Kosovo';

export const TERRITORIES: readonly Territory[] = Object.freeze(
  `${ISO_3166_1.trim()}\n${USER_ASSIGNED}`.split('\n').map((line) => {
    const [alpha2 = '', alpha3 = '', ...name] = line.split(' ');
    return Object.freeze({ alpha2, alpha3, name: name.join(' ') });
  }),
);

const BY_ALPHA2 = new Map(TERRITORIES.map((t) => [t.alpha2, t]));
const BY_ALPHA3 = new Map(TERRITORIES.map((t) => [t.alpha3, t.alpha2]));

/** The territory of an alpha-2 code ("GB"), or undefined. */
export function territoryByAlpha2(alpha2: string): Territory | undefined {
  return BY_ALPHA2.get(alpha2);
}

/**
 * Other names statements use for a country: official long forms ("Korea, Republic of"), former or
 * common names ("Turkey", "Ivory Coast", "Swaziland"), and the ISO list's own long forms.
 */
const NAME_ALIASES: Readonly<Record<string, readonly string[]>> = {
  AE: ['UAE'],
  BA: ['Bosnia', 'Bosnia-Herzegovina'],
  BN: ['Brunei'],
  BO: ['Bolivia, Plurinational State of', 'Plurinational State of Bolivia'],
  BQ: ['Caribbean Netherlands', 'Bonaire'],
  BS: ['The Bahamas'],
  CC: ['Cocos Islands', 'Keeling Islands'],
  CD: [
    'Democratic Republic of the Congo',
    'DR Congo',
    'DRC',
    'Congo, The Democratic Republic of the',
    'Congo (Kinshasa)',
    'Congo-Kinshasa',
    'Zaire',
  ],
  CG: ['Republic of the Congo', 'Congo (Brazzaville)', 'Congo-Brazzaville', 'Congo, Republic of the'],
  CI: ['Ivory Coast'],
  CV: ['Cape Verde'],
  CZ: ['Czech Republic'],
  FK: ['Falkland Islands'],
  FM: ['Micronesia, Federated States of', 'Federated States of Micronesia'],
  GB: [
    'United Kingdom of Great Britain and Northern Ireland',
    'Great Britain',
    'Britain',
    'England',
    'Scotland',
    'Wales',
    'Northern Ireland',
  ],
  GM: ['The Gambia'],
  HK: ['Hong Kong SAR', 'Hong Kong SAR China', 'Hong Kong, China'],
  IR: ['Iran, Islamic Republic of', 'Islamic Republic of Iran'],
  KN: ['St Kitts and Nevis'],
  KP: ["Korea, Democratic People's Republic of", "Democratic People's Republic of Korea", 'DPRK'],
  KR: ['Korea, Republic of', 'Republic of Korea', 'Korea'],
  LA: ["Lao People's Democratic Republic", 'Lao PDR'],
  MD: ['Moldova, Republic of', 'Republic of Moldova'],
  MF: ['Saint Martin'],
  MK: ['Macedonia', 'Republic of North Macedonia', 'Macedonia, the Former Yugoslav Republic of'],
  MM: ['Burma'],
  MO: ['Macau', 'Macao SAR', 'Macao SAR China', 'Macau, China'],
  NL: ['The Netherlands', 'Holland', 'Netherlands, Kingdom of the'],
  PS: ['Palestine, State of', 'State of Palestine', 'Palestinian Territories', 'Palestinian Territory'],
  RU: ['Russian Federation'],
  SH: ['Saint Helena'],
  SX: ['Sint Maarten'],
  SY: ['Syrian Arab Republic'],
  SZ: ['Swaziland'],
  TR: ['Turkey', 'Turkiye'],
  TW: ['Taiwan, Province of China', 'Taiwan, Republic of China', 'Chinese Taipei'],
  TZ: ['Tanzania, United Republic of', 'United Republic of Tanzania'],
  US: ['United States of America', 'U.S.', 'U.S.A.', 'America'],
  VA: ['Vatican', 'Vatican City', 'Vatican City State', 'Holy See (Vatican City State)'],
  VE: ['Venezuela, Bolivarian Republic of', 'Bolivarian Republic of Venezuela'],
  VG: ['Virgin Islands, British', 'Virgin Islands (British)'],
  VI: ['Virgin Islands, U.S.', 'Virgin Islands (U.S.)', 'US Virgin Islands'],
  VN: ['Viet Nam'],
};

/**
 * What statements write when a line is not tied to one country (world-wide income, a store that
 * does not report the country). These are "not reported": the line keeps no territory.
 */
const NOT_REPORTED = [
  'WW',
  'XW',
  'XX',
  'ZZ',
  'World',
  'Worldwide',
  'World wide',
  'Rest of World',
  'ROW',
  'Global',
  'International',
  'All',
  'Unknown',
  'N/A',
];

/** A name as compared: no accents, no case, "&" as "and", punctuation as spaces, "St." as "Saint". */
function nameKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^the /, '')
    .replace(/(^| )st( |$)/g, '$1saint$2');
}

const BY_NAME = new Map<string, string | null>();
for (const t of TERRITORIES) BY_NAME.set(nameKey(t.name), t.alpha2);
for (const [alpha2, names] of Object.entries(NAME_ALIASES))
  for (const name of names) BY_NAME.set(nameKey(name), alpha2);
for (const text of NOT_REPORTED) BY_NAME.set(nameKey(text), null);

// Statement files repeat the same few hundred territory texts millions of times: remember answers.
const CACHE_LIMIT = 10_000;
const cache = new Map<string, string | null | undefined>();

function lookUp(text: string): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '-') return null;
  const upper = trimmed.toUpperCase();
  if (upper.length === 2) {
    if (BY_ALPHA2.has(upper)) return upper;
    if (upper === 'UK') return 'GB'; // the United Kingdom's common abbreviation, reserved by ISO for it
  } else if (upper.length === 3) {
    const alpha2 = BY_ALPHA3.get(upper);
    if (alpha2 !== undefined) return alpha2;
  }
  return BY_NAME.get(nameKey(trimmed));
}

/**
 * A statement's territory cell as an ISO 3166-1 alpha-2 code: "gb", "GBR", "United Kingdom",
 * "UNITED KINGDOM", "UK" -> "GB". Returns null when the line reports no single country (empty, "WW",
 * "World", "Worldwide"...), and undefined for text that is no territory we know, for the caller to
 * report as a problem on that line.
 */
export function normalizeTerritory(text: string): string | null | undefined {
  const cached = cache.get(text);
  if (cached !== undefined || cache.has(text)) return cached;
  const result = lookUp(text);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, result);
  return result;
}
