/** An ERC-20 the scenario deployed. */
export interface TokenRef {
  role: string;
  address: string;
  name: string;
  symbol: string;
  decimals: number;
}

/** An ERC-721 collection the scenario deployed; token ids run from 1 to `minted`. */
export interface NftRef {
  role: string;
  address: string;
  name: string;
  symbol: string;
  minted: number;
}

/** A contract created by a transaction of the scenario. */
export interface ContractRef {
  address: string;
  /** Artifact name: Token, OnchainNFT, GameItems, Playground, StoProxy, Factory, HostileNFT, BadUtf8Token. */
  contract: string;
  /** What the scenario uses it for, e.g. "token:SGOV", "nft:shapes", "proxy", "factory", "hostile:erc20:script", "community-token". */
  role: string;
  creator: string;
  txHash: string;
  blockNumber: number;
}

/** One transaction hash per kind, all mined by the scenario. */
export interface ScenarioSamples {
  plainTransfer: string;
  erc20Transfer: string;
  contractCreation: string;
  reverted: string;
  revertedCustomError: string;
  zeroGasPrice: string;
  erc1155Single: string;
  erc1155Batch: string;
  nftMint: string;
  nftTransfer: string;
  playgroundCall: string;
  payableCall: string;
  legacyTx: string;
  accessListTx: string;
  dataTransfer: string;
}

/** An approval the scenario leaves in force (ScenarioInfo.approvals). */
export interface ApprovalRef {
  token: string;
  tokenType: 'ERC20' | 'ERC721' | 'ERC1155';
  /** 'allowance': ERC-20; 'operator': ApprovalForAll. */
  kind: 'allowance' | 'operator';
  spender: string;
  /** The name the explorer knows the spender by without verification (a token's name), else null. */
  spenderName: string | null;
  /** Raw units in force on chain (decimal); null for operators. */
  value: string | null;
  /** What the last Approval event said (transferFrom spends without one); null for operators. */
  indexedValue: string | null;
  /** value >= 2^255. */
  unlimited: boolean;
  /** The transaction and block of the last grant. */
  grantTx: string;
  grantBlock: number;
}

/** Today's transaction types (devnet/scenario/delegations.ts), mined after the history. */
export interface TxTypesInfo {
  /** The Delegate contract (devnet/contracts/Delegate.sol) the authority delegates to. */
  delegate: string;
  /** An account delegated to `delegate` by EIP-7702: its code is 0xef0100 ‖ delegate. */
  authority: string;
  /** An account whose authorizations the chain skipped: its code stays empty. */
  stranger: string;
  /**
   * Type 4, sent by the deployer to the authority (ping() through its own address), with the authorizations
   * [authority → delegate, applied; stranger with nonce `wrongNonce`, skipped] and an access list (the authority with
   * storage slot 0, the delegate with none).
   */
  setCodeTx: string;
  /** Type 4 whose one authorization (the stranger's, for chain id `wrongChainId`) is skipped. */
  skippedSetCodeTx: string;
  wrongNonce: number;
  wrongChainId: number;
  /** Type 2: ping() through the authority's address once delegated. */
  pingTx: string;
  /** Type 3 with one blob carrying `blobText`. */
  blobTx: string;
  blobText: string;
  /** Type 2: the Delegate's creation. */
  eip1559Tx: string;
}

/** Everything the scenario deployed and did; also written to data/scenario.json. */
export interface ScenarioInfo {
  chainId: number;
  scale: number;
  /** Block range and time span the scenario wrote (timestamps in unix seconds). */
  firstBlock: number;
  lastBlock: number;
  startTimestamp: number;
  endTimestamp: number;
  blockCount: number;
  txCount: number;
  /** Anvil's ten funded accounts (mnemonic "test … junk"); accounts[0] deployed the main contracts. Live activity never sends from them. */
  accounts: string[];
  deployer: string;
  /** Deterministic extra accounts (key = keccak256("sto-devnet-holder-<i>")), funded with STO and tokens. */
  holders: string[];
  /** The four block producers, rotated block by block. */
  validators: string[];
  /** The main ERC-20s, in this order: 18, 6 and 0 decimals. */
  tokens: TokenRef[];
  /** The token with 50+ holders. */
  holderToken: { address: string; symbol: string; holders: number };
  /** Two on-chain-metadata collections. */
  nfts: NftRef[];
  erc1155: { address: string; name: string; symbol: string; tokenIds: number[] };
  playground: {
    address: string;
    contractName: 'Playground';
    /** Repository-relative path of the standalone source (no imports). */
    sourcePath: string;
    /** Source unit name given to solc (part of the metadata hash at the end of the bytecode). */
    sourceUnitName: string;
    compilerVersion: string;
    optimizer: { enabled: boolean; runs: number };
    evmVersion: string;
    /** ABI-encoded constructor arguments (0x…) of the deployed instance. */
    constructorArgs: string;
  };
  /**
   * A StoProxy (devnet/contracts/StoProxy.sol) in front of the Playground: the EIP-1967 implementation slot holds
   * `implementation`, and its constructor delegated setValue(`value`), so getValue() through the proxy answers 7
   * (the proxy's own storage) while the Playground answers its own value.
   */
  proxy: { address: string; implementation: string; kind: 'eip1967'; value: number };
  /**
   * A Factory (devnet/contracts/Factory.sol) and its one make() transaction, which both created `child` (a Child
   * whose creator is the factory, holding 1 wei) and called `target` (the Playground's getValue()): internal calls.
   */
  factory: { address: string; makeTx: string; child: string; target: string };
  hostile: {
    /** Ordinary Token contracts with hostile names: roles "script", "long-name", "rtl". */
    erc20: TokenRef[];
    /** name()/symbol() return these raw bytes (0x hex), which are not valid UTF-8. */
    badUtf8: { address: string; rawName: string; rawSymbol: string; decimals: number };
    /** tokenIds maps each attack (script, longName, javascriptUrls, rawJavascriptUri, brokenJson, plainJson) to its token id. */
    erc721: { address: string; name: string; symbol: string; tokenIds: Record<string, number> };
  };
  /** Every contract the scenario created, in creation order. */
  contracts: ContractRef[];
  samples: ScenarioSamples;
  busyBlock: { number: number; txCount: number };
  /**
   * Token approvals of one dev account after the history (devnet/scenario/approvals.ts): what is in force at the end,
   * newest grant first (all of the owner's approvals), what was granted and then spent to zero, revoked or unset, and
   * the unlimited allowance the e2e revoke takes back.
   */
  approvals: {
    owner: string;
    inForce: ApprovalRef[];
    gone: { token: string; kind: 'allowance' | 'operator'; spender: string; how: 'spent' | 'revoked' | 'unset' }[];
    revocable: { token: string; spender: string };
  };
  emptyBlock: number;
  /**
   * Decoding without verified source (devnet/scenario/decoding.ts): two contracts never verified. The
   * registry's functions and events are in the bundled signature set (grantRole, RoleGranted); the mystery ledger's
   * are in no database (its call is shown as words with guessed types).
   */
  decoding: {
    /** The first block of these steps (mined in the history's last blocks). */
    firstBlock: number;
    registry: { address: string; grantTx: string; role: string; member: string };
    mystery: { address: string; settleTx: string; amount: string; who: string; memo: string };
  };
  txTypes: TxTypesInfo;
}
