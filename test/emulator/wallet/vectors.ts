/**
 * Published test vectors for the wallet library. Each group names where it was published; the
 * addresses of the standard BIP39 test mnemonic were each checked against a second, independent
 * public source (wallet test suites found by exact-string search), noted per entry.
 */

/** BIP39's standard test mnemonic (all-zero 128-bit entropy). */
export const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

/** Its seed with no passphrase; printed in BIP86's test vectors section as the source of rootpriv. */
export const ABANDON_SEED = '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4';

/**
 * BIP39 seeds with passphrase "TREZOR": trezor/python-mnemonic vectors.json ("english"), the
 * reference vectors BIP39 links to. One per mnemonic length present there (12, 18, 24 words).
 */
export const BIP39_TREZOR_VECTORS = [
  {
    mnemonic: ABANDON,
    seed: 'c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04',
  },
  {
    mnemonic: 'zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong',
    seed: 'ac27495480225222079d7be181583751e86f571027b0497b5b5d11218e0a8a13332572917f0f8e5a589620c6f15b11c61dee327651a14c34e18231052e48c069',
  },
  {
    mnemonic: 'legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth useful legal will',
    seed: 'f2b94508732bcbacbcc020faefecfc89feafa6649a5491b8c952cede496c214a0c7b3c392d168748f2d4a612bada0753b52a1c7ac53c1e93abd5c6320b9e95dd',
  },
  {
    mnemonic: 'void come effort suffer camp survey warrior heavy shoot primary clutch crush open amazing screen patrol group space point ten exist slush involve unfold',
    seed: '01f5bced59dec48e362f2c45b5de68b9fd6c92c6634f44d6d40aab69056506f0e35524a518034ddc1192e1dacd32c1ed3eaa3c3b131c88ed8e7e54c49a5d0998',
  },
] as const;

interface AddressVector {
  format: string;
  curve: 'CURVE_SECP256K1' | 'CURVE_ED25519';
  path: string;
  address: string;
  /** Compressed (secp256k1) or 32-byte (Ed25519) public key, when the source prints it. */
  publicKey?: string;
  /** WIF private key, when the source prints it. */
  wif?: string;
  source: string;
}

/** Addresses of ABANDON (no passphrase). */
export const ABANDON_ADDRESSES: AddressVector[] = [
  {
    format: 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH', curve: 'CURVE_SECP256K1', path: "m/84'/0'/0'/0/0",
    address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    publicKey: '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c',
    wif: 'KyZpNDKnfs94vbrwhJneDi77V6jF64PWPF8x5cdJb8ifgg2DUc9d',
    source: 'BIP84 test vectors (bitcoin/bips bip-0084.mediawiki); also in independent wallet suites',
  },
  {
    format: 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH', curve: 'CURVE_SECP256K1', path: "m/84'/0'/0'/0/1",
    address: 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
    publicKey: '03e775fd51f0dfb8cd865d9ff1cca2a158cf651fe997fdc9fee9c1d3b5e995ea77',
    wif: 'Kxpf5b8p3qX56DKEe5NqWbNUP9MnqoRFzZwHRtsFqhzuvUJsYZCy',
    source: 'BIP84 test vectors; also in independent wallet suites',
  },
  {
    format: 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH', curve: 'CURVE_SECP256K1', path: "m/84'/0'/0'/1/0",
    address: 'bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el',
    publicKey: '03025324888e429ab8e3dbaf1f7802648b9cd01e9b418485c5fa4c1b9b5700e1a6',
    wif: 'KxuoxufJL5csa1Wieb2kp29VNdn92Us8CoaUG3aGtPtcF3AzeXvF',
    source: 'BIP84 test vectors (first change address)',
  },
  {
    format: 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2TR', curve: 'CURVE_SECP256K1', path: "m/86'/0'/0'/0/0",
    address: 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
    publicKey: '03cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115',
    source: 'BIP86 test vectors (bitcoin/bips bip-0086.mediawiki; internal_key cc8a4bc6…); also in independent wallet suites',
  },
  {
    format: 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2TR', curve: 'CURVE_SECP256K1', path: "m/86'/0'/0'/0/1",
    address: 'bc1p4qhjn9zdvkux4e44uhx8tc55attvtyu358kutcqkudyccelu0was9fqzwh',
    source: 'BIP86 test vectors (second receiving address)',
  },
  {
    format: 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2TR', curve: 'CURVE_SECP256K1', path: "m/86'/0'/0'/1/0",
    address: 'bc1p3qkhfews2uk44qtvauqyr2ttdsw7svhkl9nkm9s9c3x4ax5h60wqwruhk7',
    source: 'BIP86 test vectors (first change address)',
  },
  {
    format: 'ADDRESS_FORMAT_BITCOIN_TESTNET_P2SH', curve: 'CURVE_SECP256K1', path: "m/49'/1'/0'/0/0",
    address: '2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2',
    publicKey: '03a1af804ac108a8a51782198c2d034b28bf90c8803f5a53f76276fa69a4eae77f',
    source: 'BIP49 test vectors (bitcoin/bips bip-0049.mediawiki, testnet, P2SH-P2WPKH); also in independent wallet suites',
  },
  {
    format: 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2SH', curve: 'CURVE_SECP256K1', path: "m/49'/0'/0'/0/0",
    address: '37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf',
    source: 'asserted in independent public wallet suites (BIP49 itself prints only the testnet address)',
  },
  {
    format: 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2PKH', curve: 'CURVE_SECP256K1', path: "m/44'/0'/0'/0/0",
    address: '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA',
    source: 'asserted in independent public wallet suites (BIP44 prints no vectors)',
  },
  {
    format: 'ADDRESS_FORMAT_BITCOIN_TESTNET_P2PKH', curve: 'CURVE_SECP256K1', path: "m/44'/1'/0'/0/0",
    address: 'mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV',
    publicKey: '02a7451395735369f2ecdfc829c0f774e88ef1303dfe5b2f04dbaab30a535dfdd6',
    source: 'bip_utils test fixtures (Bip44BitcoinTestNet, same public key) and a libbitcoin bx walk-through',
  },
  {
    format: 'ADDRESS_FORMAT_BITCOIN_TESTNET_P2WPKH', curve: 'CURVE_SECP256K1', path: "m/84'/1'/0'/0/0",
    address: 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl',
    source: 'asserted in independent public wallet suites',
  },
  {
    format: 'ADDRESS_FORMAT_BITCOIN_REGTEST_P2WPKH', curve: 'CURVE_SECP256K1', path: "m/84'/1'/0'/0/0",
    address: 'bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk',
    source: 'asserted in an independent regtest wallet suite (same key as the testnet vector, hrp bcrt)',
  },
  {
    format: 'ADDRESS_FORMAT_BITCOIN_TESTNET_P2TR', curve: 'CURVE_SECP256K1', path: "m/86'/1'/0'/0/0",
    address: 'tb1p8wpt9v4frpf3tkn0srd97pksgsxc5hs52lafxwru9kgeephvs7rqlqt9zj',
    publicKey: '0255355ca83c973f1d97ce0e3843c85d78905af16b4dc531bc488e57212d230116',
    source: 'asserted in independent public wallet suites (BIP86 testnet account)',
  },
  {
    format: 'ADDRESS_FORMAT_ETHEREUM', curve: 'CURVE_SECP256K1', path: "m/44'/60'/0'/0/0",
    address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    source: 'asserted in many independent public wallet suites',
  },
  {
    format: 'ADDRESS_FORMAT_SOLANA', curve: 'CURVE_ED25519', path: "m/44'/501'/0'/0'",
    address: 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
    source: 'asserted in many independent public wallet suites',
  },
  {
    format: 'ADDRESS_FORMAT_COSMOS', curve: 'CURVE_SECP256K1', path: "m/44'/118'/0'/0/0",
    address: 'cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4',
    source: 'asserted in independent public wallet suites (Rust and JS)',
  },
  {
    format: 'ADDRESS_FORMAT_TRON', curve: 'CURVE_SECP256K1', path: "m/44'/195'/0'/0/0",
    address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
    source: 'asserted in independent public wallet suites, one citing the Ian Coleman BIP39 tool',
  },
  {
    format: 'ADDRESS_FORMAT_DOGE_MAINNET', curve: 'CURVE_SECP256K1', path: "m/44'/3'/0'/0/0",
    address: 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC',
    publicKey: '02cc6b0dc33aabcf3a23643e5e2919a80c50fb3dd2129ce409bbc5f0d4643d05e0',
    source: 'asserted in independent public wallet suites, citing Ledger Live and the Ian Coleman BIP39 tool',
  },
  {
    format: 'ADDRESS_FORMAT_DOGE_TESTNET', curve: 'CURVE_SECP256K1', path: "m/44'/1'/0'/0/0",
    address: 'nZVmfmUtKPmskB9Ds4P9GUJy9eYFqPKHqH',
    source: 'libdogecoin wrapper tests (getDerivedHDAddressFromMnemonic, all-zero 128-bit entropy, testnet)',
  },
  {
    format: 'ADDRESS_FORMAT_XRP', curve: 'CURVE_SECP256K1', path: "m/44'/144'/0'/0/0",
    address: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3',
    publicKey: '031d68bc1a142e6766b2bdfb006ccfe135ef2e0e2e94abb5cf5c9ab6104776fbae',
    source: 'independent suites stating it is what xrpl.js Wallet.fromMnemonic gives for the phrase',
  },
  {
    format: 'ADDRESS_FORMAT_SUI', curve: 'CURVE_ED25519', path: "m/44'/784'/0'/0'/0'",
    address: '0x5e93a736d04fbb25737aa40bee40171ef79f65fae833749e3c089fe7cc2161f1',
    publicKey: '900b4d81eecea3df2f74b14200c4f4cf3f49afaca7a634ffd2cf6ff82bdaecf2',
    source: 'independent suites stating it is what the Sui CLI / Mysten SDK derive for the phrase',
  },
  {
    format: 'ADDRESS_FORMAT_APTOS', curve: 'CURVE_ED25519', path: "m/44'/637'/0'/0'/0'",
    address: '0xeb663b681209e7087d681c5d3eed12aaa8e1915e7c87794542c3f96e94b3d3bf',
    publicKey: 'a686f0309ab80312979606cfccc10ea2740147ae6888351488d11c46f08fbf60',
    source: 'no vector from Aptos itself found; bip_utils (Bip44Coins.APTOS) and independent wallet suites agree',
  },
  {
    format: 'ADDRESS_FORMAT_SEI', curve: 'CURVE_SECP256K1', path: "m/44'/118'/0'/0/0",
    address: 'sei19rl4cm2hmr8afy4kldpxz3fka4jguq0a3vute5',
    source: 'asserted in independent public wallet suites (a Rust multi-chain derivation table, a wallet integration list); the Cosmos vector\'s key hash under "sei"',
  },
  {
    format: 'ADDRESS_FORMAT_XLM', curve: 'CURVE_ED25519', path: "m/44'/148'/0'",
    address: 'GB3JDWCQJCWMJ3IILWIGDTQJJC5567PGVEVXSCVPEQOTDN64VJBDQBYX',
    source: 'SEP-0005 "Test 5" (stellar/stellar-protocol ecosystem/sep-0005.md), primary key',
  },
  {
    format: 'ADDRESS_FORMAT_XLM', curve: 'CURVE_ED25519', path: "m/44'/148'/1'",
    address: 'GDVSYYTUAJ3ACHTPQNSTQBDQ4LDHQCMNY4FCEQH5TJUMSSLWQSTG42MV',
    source: 'SEP-0005 "Test 5", second account',
  },
];

interface Slip10Chain {
  path: string;
  chainCode: string;
  privateKey: string;
  publicKey: string;
}

/**
 * SLIP-0010 test vectors (satoshilabs/slips slip-0010.md, "Test vectors"). Ed25519 public keys
 * are printed there with a 0x00 prefix; it is dropped here.
 */
export const SLIP10_VECTORS: { curve: 'CURVE_SECP256K1' | 'CURVE_P256' | 'CURVE_ED25519'; name: string; seed: string; chains: Slip10Chain[] }[] = [
  {
    curve: 'CURVE_SECP256K1', name: 'test vector 1 for secp256k1', seed: '000102030405060708090a0b0c0d0e0f',
    chains: [
      { path: 'm', chainCode: '873dff81c02f525623fd1fe5167eac3a55a049de3d314bb42ee227ffed37d508', privateKey: 'e8f32e723decf4051aefac8e2c93c9c5b214313817cdb01a1494b917c8436b35', publicKey: '0339a36013301597daef41fbe593a02cc513d0b55527ec2df1050e2e8ff49c85c2' },
      { path: "m/0'", chainCode: '47fdacbd0f1097043b78c63c20c34ef4ed9a111d980047ad16282c7ae6236141', privateKey: 'edb2e14f9ee77d26dd93b4ecede8d16ed408ce149b6cd80b0715a2d911a0afea', publicKey: '035a784662a4a20a65bf6aab9ae98a6c068a81c52e4b032c0fb5400c706cfccc56' },
      { path: "m/0'/1", chainCode: '2a7857631386ba23dacac34180dd1983734e444fdbf774041578e9b6adb37c19', privateKey: '3c6cb8d0f6a264c91ea8b5030fadaa8e538b020f0a387421a12de9319dc93368', publicKey: '03501e454bf00751f24b1b489aa925215d66af2234e3891c3b21a52bedb3cd711c' },
      { path: "m/0'/1/2'", chainCode: '04466b9cc8e161e966409ca52986c584f07e9dc81f735db683c3ff6ec7b1503f', privateKey: 'cbce0d719ecf7431d88e6a89fa1483e02e35092af60c042b1df2ff59fa424dca', publicKey: '0357bfe1e341d01c69fe5654309956cbea516822fba8a601743a012a7896ee8dc2' },
      { path: "m/0'/1/2'/2", chainCode: 'cfb71883f01676f587d023cc53a35bc7f88f724b1f8c2892ac1275ac822a3edd', privateKey: '0f479245fb19a38a1954c5c7c0ebab2f9bdfd96a17563ef28a6a4b1a2a764ef4', publicKey: '02e8445082a72f29b75ca48748a914df60622a609cacfce8ed0e35804560741d29' },
      { path: "m/0'/1/2'/2/1000000000", chainCode: 'c783e67b921d2beb8f6b389cc646d7263b4145701dadd2161548a8b078e65e9e', privateKey: '471b76e389e528d6de6d816857e012c5455051cad6660850e58372a6c3e6e7c8', publicKey: '022a471424da5e657499d1ff51cb43c47481a03b1e77f951fe64cec9f5a48f7011' },
    ],
  },
  {
    curve: 'CURVE_P256', name: 'test vector 1 for nist256p1', seed: '000102030405060708090a0b0c0d0e0f',
    chains: [
      { path: 'm', chainCode: 'beeb672fe4621673f722f38529c07392fecaa61015c80c34f29ce8b41b3cb6ea', privateKey: '612091aaa12e22dd2abef664f8a01a82cae99ad7441b7ef8110424915c268bc2', publicKey: '0266874dc6ade47b3ecd096745ca09bcd29638dd52c2c12117b11ed3e458cfa9e8' },
      { path: "m/0'", chainCode: '3460cea53e6a6bb5fb391eeef3237ffd8724bf0a40e94943c98b83825342ee11', privateKey: '6939694369114c67917a182c59ddb8cafc3004e63ca5d3b84403ba8613debc0c', publicKey: '0384610f5ecffe8fda089363a41f56a5c7ffc1d81b59a612d0d649b2d22355590c' },
      { path: "m/0'/1", chainCode: '4187afff1aafa8445010097fb99d23aee9f599450c7bd140b6826ac22ba21d0c', privateKey: '284e9d38d07d21e4e281b645089a94f4cf5a5a81369acf151a1c3a57f18b2129', publicKey: '03526c63f8d0b4bbbf9c80df553fe66742df4676b241dabefdef67733e070f6844' },
      { path: "m/0'/1/2'", chainCode: '98c7514f562e64e74170cc3cf304ee1ce54d6b6da4f880f313e8204c2a185318', privateKey: '694596e8a54f252c960eb771a3c41e7e32496d03b954aeb90f61635b8e092aa7', publicKey: '0359cf160040778a4b14c5f4d7b76e327ccc8c4a6086dd9451b7482b5a4972dda0' },
      { path: "m/0'/1/2'/2", chainCode: 'ba96f776a5c3907d7fd48bde5620ee374d4acfd540378476019eab70790c63a0', privateKey: '5996c37fd3dd2679039b23ed6f70b506c6b56b3cb5e424681fb0fa64caf82aaa', publicKey: '029f871f4cb9e1c97f9f4de9ccd0d4a2f2a171110c61178f84430062230833ff20' },
      { path: "m/0'/1/2'/2/1000000000", chainCode: 'b9b7b82d326bb9cb5b5b121066feea4eb93d5241103c9e7a18aad40f1dde8059', privateKey: '21c4f269ef0a5fd1badf47eeacebeeaa3de22eb8e5b0adcd0f27dd99d34d0119', publicKey: '02216cd26d31147f72427a453c443ed2cde8a1e53c9cc44e5ddf739725413fe3f4' },
    ],
  },
  {
    curve: 'CURVE_ED25519', name: 'test vector 1 for ed25519', seed: '000102030405060708090a0b0c0d0e0f',
    chains: [
      { path: 'm', chainCode: '90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb', privateKey: '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7', publicKey: 'a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed' },
      { path: "m/0'", chainCode: '8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69', privateKey: '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3', publicKey: '8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c' },
      { path: "m/0'/1'", chainCode: 'a320425f77d1b5c2505a6b1b27382b37368ee640e3557c315416801243552f14', privateKey: 'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2', publicKey: '1932a5270f335bed617d5b935c80aedb1a35bd9fc1e31acafd5372c30f5c1187' },
      { path: "m/0'/1'/2'", chainCode: '2e69929e00b5ab250f49c3fb1c12f252de4fed2c1db88387094a0f8c4c9ccd6c', privateKey: '92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9', publicKey: 'ae98736566d30ed0e9d2f4486a64bc95740d89c7db33f52121f8ea8f76ff0fc1' },
      { path: "m/0'/1'/2'/2'", chainCode: '8f6d87f93d750e0efccda017d662a1b31a266e4a6f5993b15f5c1f07f74dd5cc', privateKey: '30d1dc7e5fc04c31219ab25a27ae00b50f6fd66622f6e9c913253d6511d1e662', publicKey: '8abae2d66361c879b900d204ad2cc4984fa2aa344dd7ddc46007329ac76c429c' },
      { path: "m/0'/1'/2'/2'/1000000000'", chainCode: '68789923a0cac2cd5a29172a475fe9e0fb14cd6adb5ad98a3fa70333e7afa230', privateKey: '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793', publicKey: '3c24da049451555d51a7014a37337aa4e12d41e485abccfa46b47dfb2af54b7a' },
    ],
  },
  {
    curve: 'CURVE_SECP256K1', name: 'test vector 2 for secp256k1',
    seed: 'fffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a29f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542',
    chains: [
      { path: 'm', chainCode: '60499f801b896d83179a4374aeb7822aaeaceaa0db1f85ee3e904c4defbd9689', privateKey: '4b03d6fc340455b363f51020ad3ecca4f0850280cf436c70c727923f6db46c3e', publicKey: '03cbcaa9c98c877a26977d00825c956a238e8dddfbd322cce4f74b0b5bd6ace4a7' },
      { path: 'm/0', chainCode: 'f0909affaa7ee7abe5dd4e100598d4dc53cd709d5a5c2cac40e7412f232f7c9c', privateKey: 'abe74a98f6c7eabee0428f53798f0ab8aa1bd37873999041703c742f15ac7e1e', publicKey: '02fc9e5af0ac8d9b3cecfe2a888e2117ba3d089d8585886c9c826b6b22a98d12ea' },
      { path: "m/0/2147483647'", chainCode: 'be17a268474a6bb9c61e1d720cf6215e2a88c5406c4aee7b38547f585c9a37d9', privateKey: '877c779ad9687164e9c2f4f0f4ff0340814392330693ce95a58fe18fd52e6e93', publicKey: '03c01e7425647bdefa82b12d9bad5e3e6865bee0502694b94ca58b666abc0a5c3b' },
      { path: "m/0/2147483647'/1", chainCode: 'f366f48f1ea9f2d1d3fe958c95ca84ea18e4c4ddb9366c336c927eb246fb38cb', privateKey: '704addf544a06e5ee4bea37098463c23613da32020d604506da8c0518e1da4b7', publicKey: '03a7d1d856deb74c508e05031f9895dab54626251b3806e16b4bd12e781a7df5b9' },
      { path: "m/0/2147483647'/1/2147483646'", chainCode: '637807030d55d01f9a0cb3a7839515d796bd07706386a6eddf06cc29a65a0e29', privateKey: 'f1c7c871a54a804afe328b4c83a1c33b8e5ff48f5087273f04efa83b247d6a2d', publicKey: '02d2b36900396c9282fa14628566582f206a5dd0bcc8d5e892611806cafb0301f0' },
      { path: "m/0/2147483647'/1/2147483646'/2", chainCode: '9452b549be8cea3ecb7a84bec10dcfd94afe4d129ebfd3b3cb58eedf394ed271', privateKey: 'bb7d39bdb83ecf58f2fd82b6d918341cbef428661ef01ab97c28a4842125ac23', publicKey: '024d902e1a2fc7a8755ab5b694c575fce742c48d9ff192e63df5193e4c7afe1f9c' },
    ],
  },
  {
    curve: 'CURVE_P256', name: 'test vector 2 for nist256p1',
    seed: 'fffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a29f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542',
    chains: [
      { path: 'm', chainCode: '96cd4465a9644e31528eda3592aa35eb39a9527769ce1855beafc1b81055e75d', privateKey: 'eaa31c2e46ca2962227cf21d73a7ef0ce8b31c756897521eb6c7b39796633357', publicKey: '02c9e16154474b3ed5b38218bb0463e008f89ee03e62d22fdcc8014beab25b48fa' },
      { path: 'm/0', chainCode: '84e9c258bb8557a40e0d041115b376dd55eda99c0042ce29e81ebe4efed9b86a', privateKey: 'd7d065f63a62624888500cdb4f88b6d59c2927fee9e6d0cdff9cad555884df6e', publicKey: '039b6df4bece7b6c81e2adfeea4bcf5c8c8a6e40ea7ffa3cf6e8494c61a1fc82cc' },
      { path: "m/0/2147483647'", chainCode: 'f235b2bc5c04606ca9c30027a84f353acf4e4683edbd11f635d0dcc1cd106ea6', privateKey: '96d2ec9316746a75e7793684ed01e3d51194d81a42a3276858a5b7376d4b94b9', publicKey: '02f89c5deb1cae4fedc9905f98ae6cbf6cbab120d8cb85d5bd9a91a72f4c068c76' },
      { path: "m/0/2147483647'/1", chainCode: '7c0b833106235e452eba79d2bdd58d4086e663bc8cc55e9773d2b5eeda313f3b', privateKey: '974f9096ea6873a915910e82b29d7c338542ccde39d2064d1cc228f371542bbc', publicKey: '03abe0ad54c97c1d654c1852dfdc32d6d3e487e75fa16f0fd6304b9ceae4220c64' },
      { path: "m/0/2147483647'/1/2147483646'", chainCode: '5794e616eadaf33413aa309318a26ee0fd5163b70466de7a4512fd4b1a5c9e6a', privateKey: 'da29649bbfaff095cd43819eda9a7be74236539a29094cd8336b07ed8d4eff63', publicKey: '03cb8cb067d248691808cd6b5a5a06b48e34ebac4d965cba33e6dc46fe13d9b933' },
      { path: "m/0/2147483647'/1/2147483646'/2", chainCode: '3bfb29ee8ac4484f09db09c2079b520ea5616df7820f071a20320366fbe226a7', privateKey: 'bb0a77ba01cc31d77205d51d08bd313b979a71ef4de9b062f8958297e746bd67', publicKey: '020ee02e18967237cf62672983b253ee62fa4dd431f8243bfeccdf39dbe181387f' },
    ],
  },
  {
    curve: 'CURVE_ED25519', name: 'test vector 2 for ed25519',
    seed: 'fffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a29f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542',
    chains: [
      { path: 'm', chainCode: 'ef70a74db9c3a5af931b5fe73ed8e1a53464133654fd55e7a66f8570b8e33c3b', privateKey: '171cb88b1b3c1db25add599712e36245d75bc65a1a5c9e18d76f9f2b1eab4012', publicKey: '8fe9693f8fa62a4305a140b9764c5ee01e455963744fe18204b4fb948249308a' },
      { path: "m/0'", chainCode: '0b78a3226f915c082bf118f83618a618ab6dec793752624cbeb622acb562862d', privateKey: '1559eb2bbec5790b0c65d8693e4d0875b1747f4970ae8b650486ed7470845635', publicKey: '86fab68dcb57aa196c77c5f264f215a112c22a912c10d123b0d03c3c28ef1037' },
      { path: "m/0'/2147483647'", chainCode: '138f0b2551bcafeca6ff2aa88ba8ed0ed8de070841f0c4ef0165df8181eaad7f', privateKey: 'ea4f5bfe8694d8bb74b7b59404632fd5968b774ed545e810de9c32a4fb4192f4', publicKey: '5ba3b9ac6e90e83effcd25ac4e58a1365a9e35a3d3ae5eb07b9e4d90bcf7506d' },
      { path: "m/0'/2147483647'/1'", chainCode: '73bd9fff1cfbde33a1b846c27085f711c0fe2d66fd32e139d3ebc28e5a4a6b90', privateKey: '3757c7577170179c7868353ada796c839135b3d30554bbb74a4b1e4a5a58505c', publicKey: '2e66aa57069c86cc18249aecf5cb5a9cebbfd6fadeab056254763874a9352b45' },
      { path: "m/0'/2147483647'/1'/2147483646'", chainCode: '0902fe8a29f9140480a00ef244bd183e8a13288e4412d8389d140aac1794825a', privateKey: '5837736c89570de861ebc173b1086da4f505d4adb387c6a1b1342d5e4ac9ec72', publicKey: 'e33c0f7d81d843c572275f287498e8d408654fdf0d1e065b84e2e6f157aab09b' },
      { path: "m/0'/2147483647'/1'/2147483646'/2'", chainCode: '5d70af781f3a37b829f0d060924d5e960bdc02e85423494afc0b1a41bbe196d4', privateKey: '551d333177df541ad876a60ea71f00447931c0a9da16f227c11ea080d7391b8d', publicKey: '47150c75db263559a70d5778bf36abbab30fb061ad69f69ece61a72b0cfa4fc0' },
    ],
  },
  {
    // Exercises SLIP-10's child retry rule (0x01 || IR || index) on P-256.
    curve: 'CURVE_P256', name: 'test derivation retry for nist256p1', seed: '000102030405060708090a0b0c0d0e0f',
    chains: [
      { path: "m/28578'", chainCode: 'e94c8ebe30c2250a14713212f6449b20f3329105ea15b652ca5bdfc68f6c65c2', privateKey: '06f0db126f023755d0b8d86d4591718a5210dd8d024e3e14b6159d63f53aa669', publicKey: '02519b5554a4872e8c9c1c847115363051ec43e93400e030ba3c36b52a3e70a5b7' },
      { path: "m/28578'/33941", chainCode: '9e87fe95031f14736774cd82f25fd885065cb7c358c1edf813c72af535e83071', privateKey: '092154eed4af83e078ff9b84322015aefe5769e31270f62c3f66c33888335f3a', publicKey: '0235bfee614c0d5b2cae260000bb1d0d84b270099ad790022c1ae0b2e782efe120' },
    ],
  },
  {
    // Exercises SLIP-10's master-key retry rule (S := I) on P-256.
    curve: 'CURVE_P256', name: 'test seed retry for nist256p1', seed: 'a7305bc8df8d0951f0cb224c0e95d7707cbdf2c6ce7e8d481fec69c7ff5e9446',
    chains: [
      { path: 'm', chainCode: '7762f9729fed06121fd13f326884c82f59aa95c57ac492ce8c9654e60efd130c', privateKey: '3b8c18469a4634517d6d0b65448f8e6c62091b45540a1743c5846be55d47d88f', publicKey: '0383619fadcde31063d8c5cb00dbfe1713f3e6fa169d8541a798752a1c1ca0cb20' },
    ],
  },
];

/** RFC 8032 section 7.1, TEST 2 (one-byte message 0x72). */
export const ED25519_RFC8032_TEST2 = {
  secretKey: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
  publicKey: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
  message: '72',
  signature: '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
};

/** RFC 6979 appendix A.2.5: P-256, SHA-256, message "sample" (s as printed, before low-S). */
export const P256_RFC6979_SAMPLE = {
  privateKey: 'c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721',
  message: 'sample',
  r: 'efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716',
  s: 'f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8',
};

/**
 * RFC 6979 on secp256k1, private key 1, SHA-256("Satoshi Nakamoto"): the community vector first
 * posted on bitcointalk (topic 285142) and used by bitcoinjs, libsecp256k1 wrappers and others;
 * s is the low-S form (the high form is dbbd3162…).
 */
export const SECP256K1_RFC6979_SATOSHI = {
  privateKey: '0000000000000000000000000000000000000000000000000000000000000001',
  message: 'Satoshi Nakamoto',
  r: '934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d8',
  s: '2442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5',
};

/**
 * SEP-0005 "Test 1" (stellar/stellar-protocol ecosystem/sep-0005.md): a 12-word mnemonic, its
 * first accounts' public keys (G…) and secret seeds (S…, the StrKey of the 32-byte Ed25519 seed).
 */
export const SEP5_TEST1 = {
  mnemonic: 'illness spike retreat truth genius clock brain pass fit cave bargain toe',
  accounts: [
    { path: "m/44'/148'/0'", address: 'GDRXE2BQUC3AZNPVFSCEZ76NJ3WWL25FYFK6RGZGIEKWE4SOOHSUJUJ6', secret: 'SBGWSG6BTNCKCOB3DIFBGCVMUPQFYPA2G4O34RMTB343OYPXU5DJDVMN' },
    { path: "m/44'/148'/1'", address: 'GBAW5XGWORWVFE2XTJYDTLDHXTY2Q2MO73HYCGB3XMFMQ562Q2W2GJQX', secret: 'SCEPFFWGAG5P2VX5DHIYK3XEMZYLTYWIPWYEKXFHSK25RVMIUNJ7CTIS' },
    { path: "m/44'/148'/9'", address: 'GBTVYYDIYWGUQUTKX6ZMLGSZGMTESJYJKJWAATGZGITA25ZB6T5REF44', secret: 'SCJGVMJ66WAUHQHNLMWDFGY2E72QKSI3XGSBYV6BANDFUFE7VY4XNXXR' },
  ],
} as const;

/**
 * trustwallet/wallet-core tests/common/CoinAddressDerivationTests.cpp: the addresses its
 * deriveAddress gives for the private key 0x46 repeated 32 times (as secp256k1 scalar or Ed25519
 * seed per coin). Its TON address (WalletV4R2, workchain 0) is printed in the bounceable form
 * that version of the suite used.
 */
export const WALLET_CORE_KEY_46 = {
  privateKey: '46'.repeat(32),
  sei: 'sei1hkfq3zahaqkkzx5mjnamwjsfpq2jk7z05hw42q',
  stellar: 'GDXJHJHWN6GRNOAZXON6XH74ZX6NYFAS5B7642RSJQVJTIPA4ZYUQLEB',
  tonV4R2Bounceable: 'EQAoYT8nMLfeNh6h0uIoK_wLm9JkvxiGxJDr6GRXJGu2ZhpY',
} as const;

/**
 * trustwallet/wallet-core tests/chains/TheOpenNetwork/TWAnyAddressTests.cpp: a BIP39 mnemonic,
 * its key at wallet-core's TON path m/44'/607'/0' and the WalletV4R2 address (bounceable, as
 * that test prints it).
 */
export const WALLET_CORE_TON_MNEMONIC = {
  mnemonic: 'stuff diamond cycle federal scan spread pigeon people engage teach snack grain',
  path: "m/44'/607'/0'",
  v4r2Bounceable: 'EQDYW_1eScJVxtitoBRksvoV9cCYo4uKGWLVNIHB1JqRR3n0',
} as const;

/**
 * ebellocchia/bip_utils tests/addr/test_ton_addr.py: Ed25519 public keys (printed there with a
 * 0x00 prefix, dropped here) and their non-bounceable workchain-0 wallet addresses.
 */
export const BIP_UTILS_TON_VECTORS = [
  { version: 'V3R2', publicKey: '961411d8c9e817055fd615ad953cc0f87dad689ec23a1c48fc06e5472efecc55', address: 'UQB-ejjqwZvzd8m7fcZbPTofsRbGbuw96bQ190Lgi198e1Gl' },
  { version: 'V4R2', publicKey: '479a59b16b5fe57fa99dd763a3de0908cdc05d8a72f1ae1b535545dc6514e2ac', address: 'UQBhx8AhGyL7153Yaf8svkZkEKbG0JcsUcNpTwu2kOm5WaW7' },
  { version: 'V4R2', publicKey: '1af97d53283a3c57f47db2b97263e86c93acc38853ca2246db5daa32cb7a1037', address: 'UQD3dn7-3QdJT_36TEL16JYWDz0tWqkNbuEKyOEjy0-1NbfG' },
  { version: 'V5R1', publicKey: 'ad724aba20a7591624efee55eae11ec1f765d483544a9bf42ff7467d0f88a113', address: 'UQB8E-CQxLds85ZPY8sXEYGe_EQ1qlY6q7l3BNbWQC1srNHe' },
] as const;

/**
 * The standard wallet codes' cell hashes: the code_hash an account of each wallet shows on chain,
 * by which TON's API servers, explorers and contract verifier recognise the wallet version.
 */
export const TON_WALLET_CODE_HASHES = {
  V3R2: '84dafa449f98a6987789ba232358072bc0f76dc4524002a5d0918b9a75d2d599',
  V4R2: 'feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0',
  V5R1: '20834b7b72b112147e1b2fb457b84e74d1a30f04f737d4f62a668e9552d2b72f',
} as const;
