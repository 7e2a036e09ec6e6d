/**
 * ISO 3166 codes the on-ramp checks: every officially assigned ISO 3166-1 alpha-2 country code
 * (249), and the ISO 3166-2 subdivisions of the United States (states, DC and outlying areas),
 * since a US purchaser must name one. Taken from the iso-codes 4.15 data (Debian).
 */
const COUNTRIES = `
  AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR
  BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ
  EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW
  GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY
  KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV
  MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY
  QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG
  TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM
  ZW
`;

const US_SUBDIVISIONS = `
  AK AL AR AS AZ CA CO CT DC DE FL GA GU HI IA ID IL IN KS KY LA MA MD ME MI MN MO MP MS MT NC
  ND NE NH NJ NM NV NY OH OK OR PA PR RI SC SD TN TX UM UT VA VI VT WA WI WV WY
`;

const words = (text: string): ReadonlySet<string> => new Set(text.split(/\s+/).filter(Boolean));

export const ISO_COUNTRY_CODES = words(COUNTRIES);
/** As `US-XX`. */
export const US_SUBDIVISION_CODES: ReadonlySet<string> = new Set([...words(US_SUBDIVISIONS)].map((code) => `US-${code}`));
