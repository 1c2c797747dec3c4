import type { MethodSlug } from "./corridor-countries";

/**
 * The reference data recipients and senders need (issue 8): identity documents, relationships,
 * purposes of transfer, and the payout network of every destination (banks and e-wallets with
 * their local codes, payer networks, and where they pay cash out). Bank names, local codes and BICs
 * are the institutions' own; branch and place addresses are built deterministically from real
 * streets of real cities (payout-network.ts), so every run seeds the same rows.
 */

export type Named = { code: string; name: string; name_es: string };

export type DocumentTypeSeed = Named & {
  /** ISO 3166 alpha-2, or null for documents accepted everywhere. */
  country: string | null;
  /** Anchored regular expression for the document number (valid in JavaScript and PostgreSQL). */
  pattern: string | null;
  example: string | null;
};

export const DOCUMENT_TYPES: DocumentTypeSeed[] = [
  { code: "passport", name: "Passport", name_es: "Pasaporte", country: null, pattern: null, example: null },
  {
    code: "drivers-licence",
    name: "Driver's licence",
    name_es: "Licencia de conducir",
    country: null,
    pattern: null,
    example: null,
  },
  {
    code: "mx-ine",
    name: "INE voter card (Credencial para votar)",
    name_es: "Credencial para votar (INE)",
    country: "MX",
    pattern: "^[A-Z]{6}[0-9]{8}[HM][0-9]{3}$",
    example: "GMVLMR80070501M100",
  },
  {
    code: "mx-curp",
    name: "CURP (Clave Única de Registro de Población)",
    name_es: "CURP (Clave Única de Registro de Población)",
    country: "MX",
    pattern:
      "^[A-Z][AEIOUX][A-Z]{2}[0-9]{2}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])[HMX][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[A-Z0-9][0-9]$",
    example: "GOML800705HDFMPR09",
  },
  {
    code: "br-cpf",
    name: "CPF (Cadastro de Pessoas Físicas)",
    name_es: "CPF (Cadastro de Pessoas Físicas)",
    country: "BR",
    pattern: "^[0-9]{3}\\.?[0-9]{3}\\.?[0-9]{3}-?[0-9]{2}$",
    example: "123.456.789-09",
  },
  {
    code: "br-rg",
    name: "RG (Registro Geral identity card)",
    name_es: "RG (cédula de identidad brasileña)",
    country: "BR",
    pattern: "^[0-9A-Z.-]{5,14}$",
    example: "12.345.678-9",
  },
  {
    code: "ec-cedula",
    name: "Cédula de identidad",
    name_es: "Cédula de identidad",
    country: "EC",
    pattern: "^[0-9]{10}$",
    example: "1710034065",
  },
  {
    code: "sv-dui",
    name: "DUI (Documento Único de Identidad)",
    name_es: "DUI (Documento Único de Identidad)",
    country: "SV",
    pattern: "^[0-9]{8}-?[0-9]$",
    example: "04567890-1",
  },
  {
    code: "pa-cedula",
    name: "Cédula de identidad personal",
    name_es: "Cédula de identidad personal",
    country: "PA",
    pattern: "^([1-9]|1[0-3]|E|N|PE)(AV|PI)?-[0-9]{1,4}-[0-9]{1,6}$",
    example: "8-745-1234",
  },
  {
    code: "in-aadhaar",
    name: "Aadhaar card",
    name_es: "Tarjeta Aadhaar",
    country: "IN",
    pattern: "^[2-9][0-9]{3} ?[0-9]{4} ?[0-9]{4}$",
    example: "2345 6789 0123",
  },
  {
    code: "in-pan",
    name: "PAN card (Permanent Account Number)",
    name_es: "Tarjeta PAN (Permanent Account Number)",
    country: "IN",
    pattern: "^[A-Z]{5}[0-9]{4}[A-Z]$",
    example: "ABCPE1234F",
  },
  {
    code: "in-voter-id",
    name: "Voter ID (EPIC)",
    name_es: "Credencial de elector (EPIC)",
    country: "IN",
    pattern: "^[A-Z]{3}[0-9]{7}$",
    example: "ABC1234567",
  },
  {
    code: "ph-philsys",
    name: "PhilSys national ID (PhilID)",
    name_es: "Identificación nacional PhilSys (PhilID)",
    country: "PH",
    pattern: "^[0-9]{4}-?[0-9]{4}-?[0-9]{4}-?[0-9]{4}$",
    example: "1234-5678-9012-3456",
  },
  {
    code: "ph-umid",
    name: "UMID (Unified Multi-Purpose ID)",
    name_es: "UMID (Unified Multi-Purpose ID)",
    country: "PH",
    pattern: "^[0-9]{4}-?[0-9]{7}-?[0-9]$",
    example: "0111-1234567-8",
  },
  {
    code: "id-ktp",
    name: "KTP (Kartu Tanda Penduduk, NIK)",
    name_es: "KTP (Kartu Tanda Penduduk, NIK)",
    country: "ID",
    pattern: "^[0-9]{16}$",
    example: "3171012345678901",
  },
  {
    code: "cn-resident-id",
    name: "Resident Identity Card (居民身份证)",
    name_es: "Tarjeta de identidad de residente (居民身份证)",
    country: "CN",
    pattern: "^[0-9]{17}[0-9X]$",
    example: "11010519491231002X",
  },
  {
    code: "th-national-id",
    name: "Thai national ID card",
    name_es: "Cédula de identidad tailandesa",
    country: "TH",
    pattern: "^[0-9]-?[0-9]{4}-?[0-9]{5}-?[0-9]{2}-?[0-9]$",
    example: "1-1037-02071-81-1",
  },
  {
    code: "my-mykad",
    name: "MyKad identity card",
    name_es: "Cédula de identidad MyKad",
    country: "MY",
    pattern: "^[0-9]{6}-?[0-9]{2}-?[0-9]{4}$",
    example: "850101-14-5678",
  },
  {
    code: "kr-resident-registration",
    name: "Resident registration card (주민등록증)",
    name_es: "Tarjeta de registro de residente (주민등록증)",
    country: "KR",
    pattern: "^[0-9]{6}-?[1-4][0-9]{6}$",
    example: "850101-1234567",
  },
  {
    code: "za-smart-id",
    name: "Smart ID card or green ID book",
    name_es: "Tarjeta de identidad inteligente o libreta verde",
    country: "ZA",
    pattern: "^[0-9]{13}$",
    example: "8001015009087",
  },
  {
    code: "sn-cni-cedeao",
    name: "ECOWAS national identity card (Carte d'identité CEDEAO)",
    name_es: "Cédula de identidad CEDEAO",
    country: "SN",
    pattern: "^[12][0-9]{12}$",
    example: "1751198700123",
  },
  {
    code: "ci-cni",
    name: "National identity card (Carte nationale d'identité)",
    name_es: "Cédula de identidad (Carte nationale d'identité)",
    country: "CI",
    pattern: null,
    example: null,
  },
  {
    code: "ci-attestation",
    name: "Identity certificate (Attestation d'identité)",
    name_es: "Certificado de identidad (Attestation d'identité)",
    country: "CI",
    pattern: null,
    example: null,
  },
  {
    code: "cm-cni",
    name: "National identity card (Carte nationale d'identité)",
    name_es: "Cédula de identidad (Carte nationale d'identité)",
    country: "CM",
    pattern: null,
    example: null,
  },
  {
    code: "cv-cni",
    name: "National identity card (Cartão Nacional de Identificação)",
    name_es: "Cédula de identidad (Cartão Nacional de Identificação)",
    country: "CV",
    pattern: null,
    example: null,
  },
  {
    code: "co-cedula",
    name: "Cédula de ciudadanía",
    name_es: "Cédula de ciudadanía",
    country: "CO",
    pattern: "^[0-9]{6,10}$",
    example: "1020304050",
  },
  {
    code: "co-cedula-extranjeria",
    name: "Cédula de extranjería",
    name_es: "Cédula de extranjería",
    country: "CO",
    pattern: "^[0-9]{6,7}$",
    example: "456789",
  },
  {
    code: "co-ppt",
    name: "PPT (Permiso por Protección Temporal)",
    name_es: "PPT (Permiso por Protección Temporal)",
    country: "CO",
    pattern: "^[0-9]{6,8}$",
    example: "1234567",
  },
];

export const RELATIONSHIPS: Named[] = [
  { code: "spouse", name: "Spouse or partner", name_es: "Cónyuge o pareja" },
  { code: "parent", name: "Parent", name_es: "Padre o madre" },
  { code: "child", name: "Son or daughter", name_es: "Hijo o hija" },
  { code: "sibling", name: "Brother or sister", name_es: "Hermano o hermana" },
  { code: "grandparent", name: "Grandparent", name_es: "Abuelo o abuela" },
  { code: "grandchild", name: "Grandchild", name_es: "Nieto o nieta" },
  { code: "uncle-aunt", name: "Uncle or aunt", name_es: "Tío o tía" },
  { code: "nephew-niece", name: "Nephew or niece", name_es: "Sobrino o sobrina" },
  { code: "cousin", name: "Cousin", name_es: "Primo o prima" },
  { code: "in-law", name: "In-law", name_es: "Familia política" },
  { code: "other-family", name: "Other family member", name_es: "Otro familiar" },
  { code: "friend", name: "Friend", name_es: "Amigo o amiga" },
  { code: "business-partner", name: "Business partner", name_es: "Socio comercial" },
  { code: "employee", name: "Employee", name_es: "Empleado" },
  { code: "employer", name: "Employer", name_es: "Empleador" },
  { code: "self", name: "Myself (my own account)", name_es: "Yo mismo (mi propia cuenta)" },
  { code: "other", name: "Other", name_es: "Otro" },
];

export const TRANSFER_REASONS: Named[] = [
  { code: "family-support", name: "Family support", name_es: "Manutención familiar" },
  { code: "education", name: "Education and tuition", name_es: "Educación y colegiaturas" },
  { code: "medical", name: "Medical expenses", name_es: "Gastos médicos" },
  { code: "savings", name: "Savings", name_es: "Ahorro" },
  { code: "goods-services", name: "Payment for goods and services", name_es: "Pago de bienes y servicios" },
  { code: "housing", name: "Rent or housing", name_es: "Alquiler o vivienda" },
  { code: "loan-repayment", name: "Loan repayment", name_es: "Pago de préstamo" },
  { code: "gift", name: "Gift", name_es: "Regalo" },
  { code: "travel", name: "Travel expenses", name_es: "Gastos de viaje" },
  { code: "salary", name: "Salary or wages", name_es: "Salario o sueldo" },
  { code: "business", name: "Business expenses", name_es: "Gastos de negocio" },
  { code: "donation", name: "Donation or charity", name_es: "Donación o beneficencia" },
  { code: "other", name: "Other", name_es: "Otro" },
];

export const PLACE_TYPES = [
  { code: "bank-branch", name: "Bank branch", name_es: "Sucursal bancaria", hours: "Mon–Fri 09:00–16:00" },
  { code: "pawnshop", name: "Pawnshop", name_es: "Casa de empeño", hours: "Mon–Sat 08:30–17:30" },
  { code: "supermarket", name: "Supermarket", name_es: "Supermercado", hours: "Mon–Sun 08:00–22:00" },
  { code: "pharmacy", name: "Pharmacy", name_es: "Farmacia", hours: "Mon–Sun 08:00–22:00" },
  {
    code: "remittance-agent",
    name: "Remittance agent",
    name_es: "Agente de remesas",
    hours: "Mon–Sat 08:00–19:00",
  },
  {
    code: "convenience-store",
    name: "Convenience store",
    name_es: "Tienda de conveniencia",
    hours: "Mon–Sun 00:00–24:00",
  },
  { code: "post-office", name: "Post office", name_es: "Oficina de correos", hours: "Mon–Fri 08:00–17:00" },
  {
    code: "department-store",
    name: "Department store",
    name_es: "Tienda departamental",
    hours: "Mon–Sun 09:00–21:00",
  },
] as const;
export type PlaceTypeCode = (typeof PLACE_TYPES)[number]["code"];

export const SERVICE_TYPES: (Named & { method: MethodSlug | null })[] = [
  { code: "bank-deposit", name: "Bank deposit", name_es: "Depósito bancario", method: "bank-deposit" },
  { code: "cash-pickup", name: "Cash pickup", name_es: "Retiro en efectivo", method: "cash-pickup" },
  { code: "mobile-wallet", name: "Mobile wallet", name_es: "Billetera móvil", method: "mobile-wallet" },
  { code: "home-delivery", name: "Home delivery", name_es: "Entrega a domicilio", method: "home-delivery" },
  { code: "vela-wallet", name: "Vela wallet", name_es: "Billetera Vela", method: "vela" },
];

/**
 * `code` is the local code a transfer to that bank names: Mexico's three-digit bank code (the first
 * three digits of a CLABE), Brazil's COMPE code, India's IFSC prefix, Indonesia's, China's CNAPS,
 * Thailand's and Korea's three-digit bank codes, South Africa's universal branch code, Colombia's
 * ACH code; where a country routes by BIC (Ecuador, El Salvador, Panama, the Philippines' InstaPay,
 * Malaysia, West and Central Africa, Cabo Verde) the BIC's four-letter institution code, or the
 * institution's own short name when it has no BIC (e-wallets).
 */
export type BankSeed = {
  name: string;
  code: string;
  bic: string | null;
  supports: MethodSlug[];
  /** Digital banks and e-wallets: no branches to list. */
  online?: true;
};
const DEPOSIT: MethodSlug[] = ["bank-deposit"];
const WALLET: MethodSlug[] = ["mobile-wallet"];
const BOTH: MethodSlug[] = ["bank-deposit", "mobile-wallet"];

export const BANKS: Record<string, BankSeed[]> = {
  MX: [
    { name: "Banamex", code: "002", bic: "BNMXMXMM", supports: DEPOSIT },
    { name: "BBVA México", code: "012", bic: "BCMRMXMM", supports: DEPOSIT },
    { name: "Santander México", code: "014", bic: "BMSXMXMM", supports: DEPOSIT },
    { name: "HSBC México", code: "021", bic: "BIMEMXMM", supports: DEPOSIT },
    { name: "Banco del Bajío", code: "030", bic: "BJIOMXML", supports: DEPOSIT },
    { name: "Inbursa", code: "036", bic: "INBUMXMM", supports: DEPOSIT },
    { name: "Scotiabank México", code: "044", bic: "MBCOMXMM", supports: DEPOSIT },
    { name: "Banregio", code: "058", bic: null, supports: DEPOSIT },
    { name: "Banorte", code: "072", bic: "MENOMXMT", supports: DEPOSIT },
    { name: "Banco Azteca", code: "127", bic: null, supports: DEPOSIT },
    { name: "BanCoppel", code: "137", bic: null, supports: DEPOSIT },
  ],
  BR: [
    { name: "Banco do Brasil", code: "001", bic: "BRASBRRJ", supports: DEPOSIT },
    { name: "Santander Brasil", code: "033", bic: "BSCHBRSP", supports: DEPOSIT },
    { name: "Banco Inter", code: "077", bic: null, supports: DEPOSIT, online: true },
    { name: "Caixa Econômica Federal", code: "104", bic: "CEFXBRSP", supports: DEPOSIT },
    { name: "Bradesco", code: "237", bic: "BBDEBRSP", supports: DEPOSIT },
    { name: "Nubank (Nu Pagamentos)", code: "260", bic: null, supports: DEPOSIT, online: true },
    { name: "Itaú Unibanco", code: "341", bic: "ITAUBRSP", supports: DEPOSIT },
  ],
  EC: [
    { name: "Banco Pichincha", code: "PICH", bic: "PICHECEQ", supports: DEPOSIT },
    { name: "Banco Guayaquil", code: "GUAY", bic: "GUAYECEG", supports: DEPOSIT },
    { name: "Banco del Pacífico", code: "PACI", bic: "PACIECEG", supports: DEPOSIT },
    { name: "Produbanco", code: "PROD", bic: "PRODECEQ", supports: DEPOSIT },
  ],
  SV: [
    { name: "Banco Agrícola", code: "BAGR", bic: "BAGRSVSS", supports: DEPOSIT },
    { name: "Banco Cuscatlán", code: "CUSC", bic: "CUSCSVSS", supports: DEPOSIT },
    { name: "BAC Credomatic El Salvador", code: "BAMC", bic: "BAMCSVSS", supports: DEPOSIT },
    { name: "Banco Davivienda Salvadoreño", code: "BSAL", bic: "BSALSVSS", supports: DEPOSIT },
  ],
  PA: [
    { name: "Banco General", code: "BAGE", bic: "BAGEPAPA", supports: DEPOSIT },
    { name: "Banistmo", code: "MIDL", bic: "MIDLPAPA", supports: DEPOSIT },
    { name: "Banco Nacional de Panamá", code: "NAPA", bic: "NAPAPAPA", supports: DEPOSIT },
    { name: "Caja de Ahorros", code: "CAHO", bic: "CAHOPAPA", supports: DEPOSIT },
    { name: "Global Bank", code: "GLBL", bic: "GLBLPAPA", supports: DEPOSIT },
  ],
  IN: [
    { name: "State Bank of India", code: "SBIN", bic: "SBININBB", supports: DEPOSIT },
    { name: "HDFC Bank", code: "HDFC", bic: "HDFCINBB", supports: DEPOSIT },
    { name: "ICICI Bank", code: "ICIC", bic: "ICICINBB", supports: DEPOSIT },
    { name: "Axis Bank", code: "UTIB", bic: "AXISINBB", supports: DEPOSIT },
    { name: "Punjab National Bank", code: "PUNB", bic: "PUNBINBB", supports: DEPOSIT },
    { name: "Bank of Baroda", code: "BARB", bic: "BARBINBB", supports: DEPOSIT },
    { name: "Kotak Mahindra Bank", code: "KKBK", bic: "KKBKINBB", supports: DEPOSIT },
    { name: "Canara Bank", code: "CNRB", bic: "CNRBINBB", supports: DEPOSIT },
  ],
  PH: [
    { name: "BDO Unibank", code: "BNOR", bic: "BNORPHMM", supports: DEPOSIT },
    { name: "Bank of the Philippine Islands (BPI)", code: "BOPI", bic: "BOPIPHMM", supports: DEPOSIT },
    { name: "Metrobank", code: "MBTC", bic: "MBTCPHMM", supports: DEPOSIT },
    { name: "Land Bank of the Philippines", code: "TLBP", bic: "TLBPPHMM", supports: DEPOSIT },
    { name: "Philippine National Bank", code: "PNBM", bic: "PNBMPHMM", supports: DEPOSIT },
    { name: "Security Bank", code: "SETC", bic: "SETCPHMM", supports: DEPOSIT },
    { name: "UnionBank of the Philippines", code: "UBPH", bic: "UBPHPHMM", supports: DEPOSIT },
    { name: "RCBC", code: "RCBC", bic: "RCBCPHMM", supports: DEPOSIT },
    { name: "GCash (G-Xchange)", code: "GXCH", bic: "GXCHPHM2", supports: BOTH, online: true },
    { name: "Maya", code: "PAPH", bic: "PAPHPHM1", supports: BOTH, online: true },
  ],
  ID: [
    { name: "Bank Rakyat Indonesia (BRI)", code: "002", bic: "BRINIDJA", supports: DEPOSIT },
    { name: "Bank Mandiri", code: "008", bic: "BMRIIDJA", supports: DEPOSIT },
    { name: "Bank Negara Indonesia (BNI)", code: "009", bic: "BNINIDJA", supports: DEPOSIT },
    { name: "Bank Danamon", code: "011", bic: "BDINIDJA", supports: DEPOSIT },
    { name: "Bank Central Asia (BCA)", code: "014", bic: "CENAIDJA", supports: DEPOSIT },
    { name: "CIMB Niaga", code: "022", bic: "BNIAIDJA", supports: DEPOSIT },
    { name: "OVO", code: "OVO", bic: null, supports: WALLET, online: true },
    { name: "DANA", code: "DANA", bic: null, supports: WALLET, online: true },
    { name: "GoPay", code: "GOPAY", bic: null, supports: WALLET, online: true },
    { name: "ShopeePay", code: "SHOPEEPAY", bic: null, supports: WALLET, online: true },
  ],
  CN: [
    { name: "Industrial and Commercial Bank of China", code: "102", bic: "ICBKCNBJ", supports: DEPOSIT },
    { name: "Agricultural Bank of China", code: "103", bic: "ABOCCNBJ", supports: DEPOSIT },
    { name: "Bank of China", code: "104", bic: "BKCHCNBJ", supports: DEPOSIT },
    { name: "China Construction Bank", code: "105", bic: "PCBCCNBJ", supports: DEPOSIT },
    { name: "Bank of Communications", code: "301", bic: "COMMCNSH", supports: DEPOSIT },
    { name: "China Merchants Bank", code: "308", bic: "CMBCCNBS", supports: DEPOSIT },
  ],
  TH: [
    { name: "Bangkok Bank", code: "002", bic: "BKKBTHBK", supports: DEPOSIT },
    { name: "Kasikornbank", code: "004", bic: "KASITHBK", supports: DEPOSIT },
    { name: "Krungthai Bank", code: "006", bic: "KRTHTHBK", supports: DEPOSIT },
    { name: "TMBThanachart Bank (ttb)", code: "011", bic: "TMBKTHBK", supports: DEPOSIT },
    { name: "Siam Commercial Bank", code: "014", bic: "SICOTHBK", supports: DEPOSIT },
    { name: "Bank of Ayudhya (Krungsri)", code: "025", bic: "AYUDTHBK", supports: DEPOSIT },
  ],
  MY: [
    { name: "Maybank", code: "MBBE", bic: "MBBEMYKL", supports: DEPOSIT },
    { name: "CIMB Bank", code: "CIBB", bic: "CIBBMYKL", supports: DEPOSIT },
    { name: "Public Bank", code: "PBBE", bic: "PBBEMYKL", supports: DEPOSIT },
    { name: "RHB Bank", code: "RHBB", bic: "RHBBMYKL", supports: DEPOSIT },
    { name: "Hong Leong Bank", code: "HLBB", bic: "HLBBMYKL", supports: DEPOSIT },
    { name: "AmBank", code: "ARBK", bic: "ARBKMYKL", supports: DEPOSIT },
  ],
  KR: [
    { name: "IBK Industrial Bank of Korea", code: "003", bic: "IBKOKRSE", supports: DEPOSIT },
    { name: "KB Kookmin Bank", code: "004", bic: "CZNBKRSE", supports: DEPOSIT },
    { name: "NongHyup Bank", code: "011", bic: "NACFKRSE", supports: DEPOSIT },
    { name: "Woori Bank", code: "020", bic: "HVBKKRSE", supports: DEPOSIT },
    { name: "Hana Bank", code: "081", bic: "KOEXKRSE", supports: DEPOSIT },
    { name: "Shinhan Bank", code: "088", bic: "SHBKKRSE", supports: DEPOSIT },
  ],
  ZA: [
    { name: "Standard Bank", code: "051001", bic: "SBZAZAJJ", supports: DEPOSIT },
    { name: "Nedbank", code: "198765", bic: "NEDSZAJJ", supports: DEPOSIT },
    { name: "First National Bank (FNB)", code: "250655", bic: "FIRNZAJJ", supports: DEPOSIT },
    { name: "African Bank", code: "430000", bic: null, supports: DEPOSIT },
    { name: "Capitec Bank", code: "470010", bic: "CABLZAJJ", supports: DEPOSIT },
    { name: "Absa Bank", code: "632005", bic: "ABSAZAJJ", supports: DEPOSIT },
    { name: "TymeBank", code: "678910", bic: null, supports: DEPOSIT, online: true },
  ],
  SN: [
    { name: "CBAO Groupe Attijariwafa bank", code: "CBAO", bic: "CBAOSNDA", supports: DEPOSIT },
    { name: "Société Générale Sénégal", code: "SGSN", bic: "SGSNSNDA", supports: DEPOSIT },
    { name: "Ecobank Sénégal", code: "ECOC", bic: "ECOCSNDA", supports: DEPOSIT },
    { name: "Bank of Africa Sénégal", code: "AFRI", bic: "AFRISNDA", supports: DEPOSIT },
    { name: "Orange Money", code: "ORANGE-MONEY", bic: null, supports: WALLET, online: true },
    { name: "Wave", code: "WAVE", bic: null, supports: WALLET, online: true },
    { name: "Free Money", code: "FREE-MONEY", bic: null, supports: WALLET, online: true },
  ],
  CI: [
    { name: "Société Générale Côte d'Ivoire", code: "SGCI", bic: "SGCICIAB", supports: DEPOSIT },
    { name: "Ecobank Côte d'Ivoire", code: "ECOC", bic: "ECOCCIAB", supports: DEPOSIT },
    { name: "BICICI", code: "BICI", bic: "BICICIAB", supports: DEPOSIT },
    { name: "Banque Atlantique Côte d'Ivoire", code: "ATCI", bic: "ATCICIAB", supports: DEPOSIT },
    { name: "Orange Money", code: "ORANGE-MONEY", bic: null, supports: WALLET, online: true },
    { name: "MTN MoMo", code: "MTN-MOMO", bic: null, supports: WALLET, online: true },
    { name: "Moov Money", code: "MOOV-MONEY", bic: null, supports: WALLET, online: true },
    { name: "Wave", code: "WAVE", bic: null, supports: WALLET, online: true },
  ],
  CM: [
    { name: "Afriland First Bank", code: "CCEI", bic: "CCEICMCX", supports: DEPOSIT },
    { name: "Société Générale Cameroun", code: "SGCM", bic: "SGCMCMCX", supports: DEPOSIT },
    { name: "Ecobank Cameroun", code: "ECOC", bic: "ECOCCMCX", supports: DEPOSIT },
    { name: "BICEC", code: "ICLR", bic: "ICLRCMCX", supports: DEPOSIT },
    { name: "UBA Cameroon", code: "UNAF", bic: "UNAFCMCX", supports: DEPOSIT },
    { name: "MTN MoMo", code: "MTN-MOMO", bic: null, supports: WALLET, online: true },
    { name: "Orange Money", code: "ORANGE-MONEY", bic: null, supports: WALLET, online: true },
  ],
  CV: [
    { name: "Banco Comercial do Atlântico", code: "BCAT", bic: "BCATCVCV", supports: DEPOSIT },
    { name: "Caixa Económica de Cabo Verde", code: "CECV", bic: null, supports: DEPOSIT },
    { name: "Banco Cabo-Verdiano de Negócios", code: "BCN", bic: null, supports: DEPOSIT },
    { name: "BAI Cabo Verde", code: "BAI", bic: null, supports: DEPOSIT },
  ],
  CO: [
    { name: "Banco de Bogotá", code: "1001", bic: "BBOGCOBB", supports: DEPOSIT },
    { name: "Banco Popular", code: "1002", bic: null, supports: DEPOSIT },
    { name: "Bancolombia", code: "1007", bic: "COLOCOBM", supports: DEPOSIT },
    { name: "BBVA Colombia", code: "1013", bic: "GEROCOBB", supports: DEPOSIT },
    { name: "Banco de Occidente", code: "1023", bic: "OCCICOBC", supports: DEPOSIT },
    { name: "Davivienda", code: "1051", bic: "CAFECOBB", supports: DEPOSIT },
    { name: "Banco AV Villas", code: "1052", bic: null, supports: DEPOSIT },
    { name: "Nequi", code: "1507", bic: null, supports: DEPOSIT, online: true },
    { name: "Daviplata", code: "1551", bic: null, supports: DEPOSIT, online: true },
  ],
};

/** How a country writes a street address. */
export type AddressStyle = "street-number" | "number-street" | "jalan" | "colombia";

/** A real city (as the `cities` table names it, under its state's ISO code) with real streets. */
export type CitySeed = { state: string; city: string; lat: number; lng: number; streets: string[] };

/**
 * A country's address style and its cities, read from a table of one city a line:
 * state | city | latitude | longitude | streets (split by ";"). No name or street holds "|" or ";".
 */
const citiesIn =
  (style: AddressStyle) =>
  ([table]: TemplateStringsArray): { style: AddressStyle; cities: CitySeed[] } => {
    const cities = (table ?? "")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "")
      .map((line) => {
        const cells = line.split("|").map((cell) => cell.trim());
        if (cells.length !== 5) throw new Error(`A city row has five cells: ${line}`);
        const [state, city, lat, lng, streets] = cells as [string, string, string, string, string];
        return {
          state,
          city,
          lat: Number(lat),
          lng: Number(lng),
          streets: streets.split(";").map((street) => street.trim()),
        };
      });
    return { style, cities };
  };

export const PAYOUT_CITIES: Record<string, { style: AddressStyle; cities: CitySeed[] }> = {
  MX: citiesIn("street-number")`
    CDMX | Ciudad de México | 19.42847  | -99.12766  | Av. Paseo de la Reforma; Av. Insurgentes Sur; Eje Central Lázaro Cárdenas
    JAL  | Guadalajara      | 20.676667 | -103.3475  | Av. Juárez; Av. Chapultepec; Av. Adolfo López Mateos Sur
    NLE  | Monterrey        | 25.67507  | -100.31847 | Av. Constitución; Av. Benito Juárez; Calz. Francisco I. Madero
    PUE  | Puebla           | 19.03793  | -98.20346  | Av. Reforma; Blvd. Héroes del 5 de Mayo; Av. Juárez
  `,
  BR: citiesIn("street-number")`
    SP | São Paulo      | -23.5475  | -46.63611 | Av. Paulista; Rua Augusta; Av. Brigadeiro Faria Lima
    RJ | Rio de Janeiro | -22.92008 | -43.33069 | Av. Rio Branco; Rua do Catete; Av. Nossa Senhora de Copacabana
    MG | Belo Horizonte | -19.92083 | -43.93778 | Av. Afonso Pena; Av. Amazonas; Rua da Bahia
  `,
  EC: citiesIn("street-number")`
    P | Quito     | -0.22985 | -78.52495 | Av. Amazonas; Av. 10 de Agosto; Av. de los Shyris
    G | Guayaquil | -2.19616 | -79.88621 | Av. 9 de Octubre; Av. Francisco de Orellana; Av. Quito
    A | Cuenca    | -2.90055 | -79.00453 | Av. Remigio Crespo; Calle Gran Colombia; Av. Huayna Cápac
  `,
  SV: citiesIn("street-number")`
    SS | San Salvador | 13.68935 | -89.18718 | Paseo General Escalón; Blvd. de Los Héroes; Alameda Juan Pablo II
    SA | Santa Ana    | 13.99417 | -89.55972 | Av. Independencia Sur; Calle Libertad Poniente
    SM | San Miguel   | 13.48333 | -88.18333 | Av. Roosevelt Sur; Calle Chaparrastique
  `,
  PA: citiesIn("street-number")`
    8 | Panamá | 8.9936  | -79.51973 | Vía España; Av. Balboa; Calle 50
    3 | Colón  | 9.35451 | -79.90011 | Av. Bolívar; Calle 11
    4 | David  | 8.42729 | -82.43085 | Av. Obaldía; Calle Central
  `,
  IN: citiesIn("number-street")`
    MH | Mumbai    | 19.07283 | 72.88261 | Linking Road; Hill Road; S.V. Road
    DL | New Delhi | 28.63576 | 77.22445 | Janpath; Barakhamba Road; Kasturba Gandhi Marg
    KA | Bengaluru | 12.97194 | 77.59369 | M.G. Road; Brigade Road; Residency Road
    TN | Chennai   | 13.08784 | 80.27847 | Anna Salai; Poonamallee High Road; Usman Road
    TG | Hyderabad | 17.38405 | 78.45636 | Abids Road; Himayatnagar Main Road; Road No. 1, Banjara Hills
  `,
  PH: citiesIn("number-street")`
    NCR | Manila      | 14.6042  | 120.9822  | Taft Avenue; España Boulevard; Rizal Avenue
    NCR | Quezon City | 14.6488  | 121.0509  | Quezon Avenue; EDSA; Commonwealth Avenue
    NCR | Makati      | 14.55027 | 121.03269 | Ayala Avenue; Chino Roces Avenue; J.P. Rizal Avenue
    11  | Davao       | 7.07306  | 125.61278 | C.M. Recto Street; J.P. Laurel Avenue; San Pedro Street
  `,
  ID: citiesIn("jalan")`
    JK | Jakarta  | -6.21462 | 106.84513 | Jl. Jenderal Sudirman; Jl. M.H. Thamrin; Jl. Gajah Mada
    JI | Surabaya | -7.24917 | 112.75083 | Jl. Tunjungan; Jl. Basuki Rahmat; Jl. Raya Darmo
    JB | Bandung  | -6.92222 | 107.60694 | Jl. Asia Afrika; Jl. Braga; Jl. Ir. H. Juanda
    SU | Medan    | 3.58333  | 98.66667  | Jl. Gatot Subroto; Jl. Sisingamangaraja; Jl. Balai Kota
  `,
  CN: citiesIn("number-street")`
    BJ | Beijing   | 39.9075  | 116.39723 | Chang'an Avenue; Wangfujing Street; Jianguomenwai Avenue
    SH | Shanghai  | 31.22222 | 121.45806 | Nanjing Road; Huaihai Road; Lujiazui Ring Road
    GD | Guangzhou | 23.11667 | 113.25    | Tianhe Road; Huanshi East Road; Zhongshan 5th Road
  `,
  TH: citiesIn("number-street")`
    10 | Bangkok    | 13.75398 | 100.50144 | Sukhumvit Road; Silom Road; Rama IV Road
    50 | Chiang Mai | 18.79038 | 98.98468  | Nimmanhaemin Road; Huay Kaew Road; Chang Klan Road
  `,
  MY: citiesIn("number-street")`
    14 | Kuala Lumpur | 3.1412  | 101.68653 | Jalan Tuanku Abdul Rahman; Jalan Bukit Bintang; Jalan Ampang
    07 | George Town  | 5.41123 | 100.33543 | Lebuh Pantai; Jalan Burma; Lebuh Chulia
    01 | Johor Bahru  | 1.4655  | 103.7578  | Jalan Wong Ah Fook; Jalan Tun Abdul Razak; Jalan Trus
  `,
  KR: citiesIn("number-street")`
    11 | Seoul | 37.566   | 126.9784  | Sejong-daero; Teheran-ro; Jong-ro
    26 | Busan | 35.10168 | 129.03004 | Jungang-daero; Haeundae-ro; Gudeok-ro
  `,
  ZA: citiesIn("number-street")`
    GP  | Johannesburg | -26.20227 | 28.04363 | Commissioner Street; Rivonia Road; Jan Smuts Avenue
    WC  | Cape Town    | -33.92584 | 18.42322 | Adderley Street; Long Street; Main Road
    KZN | Durban       | -29.8579  | 31.0292  | Anton Lembede Street; Florida Road; Dr Pixley KaSeme Street
  `,
  SN: citiesIn("number-street")`
    DK | Dakar       | 14.6937  | -17.44406 | Avenue Cheikh Anta Diop; Avenue Léopold Sédar Senghor; Boulevard de la République
    TH | Thiès       | 14.73004 | -16.86974 | Avenue Léopold Sédar Senghor; Avenue Caen
    SL | Saint-Louis | 16.01793 | -16.48962 | Avenue Général de Gaulle; Rue Blaise Diagne
  `,
  CI: citiesIn("number-street")`
    AB | Abidjan      | 5.30966 | -4.01266 | Boulevard de la République; Boulevard Valéry Giscard d'Estaing; Rue des Jardins
    04 | Bouaké       | 7.69385 | -5.03031 | Boulevard Félix Houphouët-Boigny; Route de Béoumi
    07 | Yamoussoukro | 6.82055 | -5.27674 | Avenue Houphouët-Boigny; Boulevard Mamadou Coulibaly
  `,
  CM: citiesIn("number-street")`
    LT | Douala  | 4.04827 | 9.70428  | Boulevard de la Liberté; Rue Joss; Boulevard de la République
    CE | Yaoundé | 3.86667 | 11.51667 | Avenue Kennedy; Boulevard du 20 Mai; Avenue Ahmadou Ahidjo
  `,
  CV: citiesIn("street-number")`
    PR | Praia   | 14.93152 | -23.51254 | Avenida Amílcar Cabral; Rua 5 de Julho; Avenida Cidade de Lisboa
    SV | Mindelo | 16.89014 | -24.98042 | Rua de Lisboa; Avenida Marginal; Rua Senador Vera-Cruz
  `,
  CO: citiesIn("colombia")`
    DC  | Bogotá D.C.  | 4.612639 | -74.0705  | Carrera 7; Calle 72; Avenida Calle 26
    ANT | Medellín     | 6.25184  | -75.56359 | Carrera 43A; Calle 10; Carrera 70
    VAC | Cali         | 3.41033  | -76.58097 | Avenida 6 Norte; Calle 5; Carrera 100
    ATL | Barranquilla | 10.96854 | -74.78132 | Carrera 53; Calle 84; Calle 72
  `,
};

/** A payer network: who pays out by `service` in `country`, and (for cash) at what kind of place. */
export type ProviderSeed = {
  country: string;
  service: "cash-pickup" | "mobile-wallet";
  code: string;
  name: string;
  place?: PlaceTypeCode;
};

const cash = (country: string, code: string, name: string, place: PlaceTypeCode): ProviderSeed => ({
  country,
  service: "cash-pickup",
  code,
  name,
  place,
});
const wallet = (country: string, code: string, name: string): ProviderSeed => ({
  country,
  service: "mobile-wallet",
  code,
  name,
});

export const SERVICE_PROVIDERS: ProviderSeed[] = [
  cash("MX", "elektra", "Elektra", "department-store"),
  cash("MX", "coppel", "Coppel", "department-store"),
  cash("MX", "oxxo", "OXXO", "convenience-store"),
  cash("MX", "walmart", "Walmart de México", "supermarket"),
  cash("MX", "farmacias-guadalajara", "Farmacias Guadalajara", "pharmacy"),
  cash("EC", "servipagos", "Servipagos", "remittance-agent"),
  cash("EC", "banco-pichincha", "Banco Pichincha", "bank-branch"),
  cash("SV", "banco-agricola", "Banco Agrícola", "bank-branch"),
  cash("SV", "super-selectos", "Super Selectos", "supermarket"),
  cash("PA", "banco-general", "Banco General", "bank-branch"),
  cash("PA", "super-99", "Super 99", "supermarket"),
  cash("IN", "muthoot-finance", "Muthoot Finance", "remittance-agent"),
  cash("IN", "paul-merchants", "Paul Merchants", "remittance-agent"),
  cash("PH", "cebuana-lhuillier", "Cebuana Lhuillier", "pawnshop"),
  cash("PH", "m-lhuillier", "M Lhuillier", "pawnshop"),
  cash("PH", "palawan-express", "Palawan Express Pera Padala", "pawnshop"),
  cash("ID", "pos-indonesia", "Pos Indonesia", "post-office"),
  cash("ID", "indomaret", "Indomaret", "convenience-store"),
  cash("ZA", "shoprite", "Shoprite Money Market", "supermarket"),
  cash("ZA", "pick-n-pay", "Pick n Pay", "supermarket"),
  cash("SN", "wari", "Wari", "remittance-agent"),
  cash("SN", "ecobank", "Ecobank Sénégal", "bank-branch"),
  cash("CI", "wari", "Wari", "remittance-agent"),
  cash("CI", "ecobank", "Ecobank Côte d'Ivoire", "bank-branch"),
  cash("CM", "express-union", "Express Union", "remittance-agent"),
  cash("CM", "afriland", "Afriland First Bank", "bank-branch"),
  cash("CV", "correios", "Correios de Cabo Verde", "post-office"),
  cash("CV", "bca", "Banco Comercial do Atlântico", "bank-branch"),
  cash("CO", "efecty", "Efecty", "remittance-agent"),
  cash("CO", "supergiros", "SuperGIROS", "remittance-agent"),
  wallet("PH", "gcash", "GCash"),
  wallet("PH", "maya", "Maya"),
  wallet("ID", "ovo", "OVO"),
  wallet("ID", "dana", "DANA"),
  wallet("ID", "gopay", "GoPay"),
  wallet("SN", "orange-money", "Orange Money"),
  wallet("SN", "wave", "Wave"),
  wallet("SN", "free-money", "Free Money"),
  wallet("CI", "orange-money", "Orange Money"),
  wallet("CI", "mtn-momo", "MTN MoMo"),
  wallet("CI", "moov-money", "Moov Money"),
  wallet("CI", "wave", "Wave"),
  wallet("CM", "mtn-momo", "MTN MoMo"),
  wallet("CM", "orange-money", "Orange Money"),
];

/** How many cash-pickup places each network gets (spread over the country's cities). */
export const PLACES_PER_PROVIDER = 4;
