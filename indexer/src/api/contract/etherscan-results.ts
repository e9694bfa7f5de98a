// The result of each Etherscan-compatible action (GET and POST /api), as it is when the envelope's status is "1" (for
// module=proxy: JSON-RPC's `result`). Etherscan writes every number as a decimal string (getLogs and the proxy module:
// as hex quantities) and addresses in lowercase; the fields are listed in the order they are sent. A refusal's result
// is Etherscan's wording (a string), an empty list's is [], and getcontractcreation's "No data found" is null.
import * as z from 'zod';
import { address } from './fields.ts';

/** A decimal integer as Etherscan writes numbers. */
const num = z.string().regex(/^\d+$/).meta({ description: 'decimal integer as a string' });
/** A JSON-RPC quantity, 0x hex. */
const quantity = z.string().regex(/^0x[0-9a-f]+$/).meta({ description: 'hex quantity' });
/** Hex bytes. */
const bytes = z.string().regex(/^0x[0-9a-fA-F]*$/);
const hash = z.string().regex(/^0x[0-9a-f]{64}$/);
/** An address, or '' where there is none (a creation's `to`, a call's contractAddress). */
const addressOrEmpty = z.union([address, z.literal('')]);
const flag = z.enum(['0', '1']);

/** The fields of a transaction that the token lists repeat (tx in account-rows.ts's tokenTxRow). */
const tokenTxFields = {
  transactionIndex: z.string(),
  gas: z.string(),
  gasPrice: z.string(),
  gasUsed: z.string(),
  cumulativeGasUsed: z.string(),
  input: z.literal('deprecated'),
  methodId: z.string(),
  functionName: z.string(),
  confirmations: num,
  logIndex: num,
};
const tokenTxHead = { blockNumber: num, timeStamp: num, hash, nonce: z.string(), blockHash: z.string() };

const internalRow = z.object({
  blockNumber: num,
  timeStamp: num,
  hash: hash.optional().meta({ description: 'by address or block range; by txhash, Etherscan leaves it out' }),
  from: address,
  to: addressOrEmpty,
  value: num,
  contractAddress: addressOrEmpty,
  input: z.literal(''),
  type: z.string(),
  gas: num,
  gasUsed: num,
  traceId: z.string(),
  isError: flag,
  errCode: z.string(),
});

/** A daily statistics row: the day, then the action's own fields. */
const dailyRows = (fields: z.ZodRawShape) => z.array(z.object({ UTCDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), unixTimeStamp: num, ...fields }));
const eth = z.string().meta({ description: 'STO, a decimal' });

/** A node's object (block, transaction, receipt) as the node answers it, or null when it has none. */
const nodeObject = (description: string) => z.looseObject({}).nullable().meta({ description: `${description}, as the node answers it; null when unknown` });

/** The result of each action, by module and action (as the catalogue names them). */
export const ETHERSCAN_RESULTS: Readonly<Record<string, Readonly<Record<string, z.ZodType>>>> = {
  account: {
    balance: num.meta({ description: 'wei' }),
    balancemulti: z.array(z.object({ account: address, balance: num })),
    txlist: z.array(
      z.object({
        blockNumber: num,
        timeStamp: num,
        hash,
        nonce: num,
        blockHash: hash,
        transactionIndex: num,
        from: address,
        to: addressOrEmpty,
        value: num,
        gas: num,
        gasPrice: num,
        isError: flag,
        txreceipt_status: flag,
        input: bytes,
        contractAddress: addressOrEmpty,
        cumulativeGasUsed: num,
        gasUsed: num,
        confirmations: num,
        methodId: z.string(),
        functionName: z.string(),
      }),
    ),
    txlistinternal: z.array(internalRow),
    tokentx: z.array(
      z.object({
        ...tokenTxHead,
        from: address,
        contractAddress: address,
        to: address,
        value: num,
        tokenName: z.string(),
        tokenSymbol: z.string(),
        tokenDecimal: z.string(),
        ...tokenTxFields,
      }),
    ),
    tokennfttx: z.array(
      z.object({
        ...tokenTxHead,
        from: address,
        contractAddress: address,
        to: address,
        tokenID: num,
        tokenName: z.string(),
        tokenSymbol: z.string(),
        tokenDecimal: z.literal('0'),
        ...tokenTxFields,
      }),
    ),
    token1155tx: z.array(
      z.object({
        ...tokenTxHead,
        ...tokenTxFields,
        contractAddress: address,
        from: address,
        to: address,
        tokenID: num,
        tokenValue: num,
        tokenName: z.string(),
        tokenSymbol: z.string(),
      }),
    ),
    tokenbalance: num,
    getminedblocks: z.array(z.object({ blockNumber: num, timeStamp: num, blockReward: num })),
  },
  contract: {
    getabi: z.string().meta({ description: 'the ABI as JSON text' }),
    getsourcecode: z.array(
      z.object({
        SourceCode: z.string(),
        ABI: z.string().meta({ description: "the ABI as JSON text, or 'Contract source code not verified'" }),
        ContractName: z.string(),
        CompilerVersion: z.string(),
        OptimizationUsed: z.enum(['0', '1', '']),
        Runs: z.string(),
        ConstructorArguments: z.string(),
        EVMVersion: z.string(),
        Library: z.string(),
        LicenseType: z.string(),
        Proxy: z.literal('0'),
        Implementation: z.literal(''),
        SwarmSource: z.literal(''),
        SimilarMatch: z.string().optional().meta({ description: 'verified contracts: the address whose identical code was verified, else empty' }),
        ContractFileName: z.string().optional().meta({ description: 'verified contracts only' }),
      }),
    ),
    verifysourcecode: z.string().meta({ description: 'the GUID to poll with checkverifystatus' }),
    getcontractcreation: z.array(
      z.object({
        contractAddress: address,
        contractCreator: address,
        txHash: hash,
        blockNumber: num,
        timestamp: num,
        contractFactory: addressOrEmpty,
        creationBytecode: bytes.or(z.literal('')),
      }),
    ),
    checkverifystatus: z.literal('Pass - Verified'),
  },
  transaction: {
    getstatus: z.object({ isError: flag, errDescription: z.string() }),
    gettxreceiptstatus: z.object({ status: flag }),
  },
  block: {
    getblockreward: z.object({
      blockNumber: num,
      timeStamp: num,
      blockMiner: address,
      blockReward: num,
      uncles: z.array(z.never()),
      uncleInclusionReward: z.literal('0'),
    }),
    getblockcountdown: z.object({ CurrentBlock: num, CountdownBlock: num, RemainingBlock: num, EstimateTimeInSec: z.string().regex(/^\d+\.\d$/) }),
    getblocknobytime: num,
  },
  logs: {
    getLogs: z.array(
      z.object({
        address,
        topics: z.array(hash),
        data: bytes,
        blockNumber: quantity,
        blockHash: hash,
        timeStamp: quantity,
        gasPrice: quantity,
        gasUsed: quantity,
        logIndex: quantity,
        transactionHash: hash,
        transactionIndex: quantity,
      }),
    ),
  },
  proxy: {
    eth_blockNumber: quantity,
    eth_getBlockByNumber: nodeObject('the block'),
    eth_getBlockTransactionCountByNumber: quantity.nullable(),
    eth_getTransactionByHash: nodeObject('the transaction'),
    eth_getTransactionByBlockNumberAndIndex: nodeObject('the transaction'),
    eth_getTransactionReceipt: nodeObject('the receipt'),
    eth_call: bytes,
    eth_getCode: bytes,
    eth_getStorageAt: bytes,
    eth_gasPrice: quantity,
    eth_estimateGas: quantity,
    eth_getTransactionCount: quantity,
    eth_sendRawTransaction: hash.meta({ description: "the transaction's hash" }),
  },
  stats: {
    ethsupply: num.meta({ description: 'wei' }),
    ethprice: z.object({ ethbtc: z.string(), ethbtc_timestamp: num, ethusd: z.string(), ethusd_timestamp: num }),
    tokensupply: num,
    dailytx: dailyRows({ transactionCount: z.number().int() }),
    dailynewaddress: dailyRows({ newAddressCount: z.number().int() }),
    dailygasused: dailyRows({ gasUsed: num }),
    dailyavggasprice: dailyRows({ maxGasPrice_Wei: num, minGasPrice_Wei: num, avgGasPrice_Wei: num }),
    dailytxnfee: dailyRows({ transactionFee_Eth: eth }),
    dailyavgblocktime: dailyRows({ blockTime_sec: z.string() }),
    dailyavgblocksize: dailyRows({ blockSize_bytes: z.number() }),
    dailyblkcount: dailyRows({ blockCount: z.number().int(), blockRewards_Eth: eth }),
    dailyblockrewards: dailyRows({ blockRewards_Eth: eth }),
  },
  token: {
    tokeninfo: z.array(
      z.object({
        contractAddress: address,
        tokenName: z.string(),
        symbol: z.string(),
        divisor: num.meta({ description: 'the decimals' }),
        tokenType: z.string(),
        totalSupply: num,
        blueCheckmark: z.literal('false'),
        ...Object.fromEntries(
          ['description', 'website', 'email', 'blog', 'reddit', 'slack', 'facebook', 'twitter', 'bitcointalk', 'github', 'telegram', 'wechat', 'linkedin', 'discord', 'whitepaper'].map(
            (f) => [f, z.literal('')],
          ),
        ),
        tokenPriceUSD: z.literal(''),
      }),
    ),
    tokenholderlist: z.array(z.object({ TokenHolderAddress: address, TokenHolderQuantity: num })),
    tokenholdercount: num,
  },
  gastracker: {
    gasoracle: z.object({
      LastBlock: num,
      SafeGasPrice: z.string().meta({ description: 'gwei, a decimal' }),
      ProposeGasPrice: z.string(),
      FastGasPrice: z.string(),
      suggestBaseFee: z.string(),
      gasUsedRatio: z.string().meta({ description: "each block's gas used / gas limit, comma-separated, oldest first" }),
    }),
    gasestimate: num.meta({ description: 'seconds' }),
  },
};

/** The result schema of an action named in any case, or undefined for an unknown one. */
export function etherscanResult(module: string, action: string): z.ZodType | undefined {
  const actions = Object.entries(ETHERSCAN_RESULTS).find(([m]) => m === module.toLowerCase())?.[1];
  return actions ? Object.entries(actions).find(([a]) => a.toLowerCase() === action.toLowerCase())?.[1] : undefined;
}
