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
  emptyBlock: number;
  txTypes: TxTypesInfo;
}
