// Today's transaction types, after the history: an account delegates its code to a small contract with an
// EIP-7702 set-code transaction (type 4) sent by a sponsor, which calls it through the account's own address; the
// same transaction carries an authorization the chain skips (wrong nonce), and a second one carries only a skipped
// authorization (wrong chain id); a blob transaction (type 3) carries one blob. Typed envelopes carry access lists.
import { Interface, Wallet, keccak256, toUtf8Bytes, type InterfaceAbi } from 'ethers';
import { recordedKzg, textBlob } from '../kzg.ts';
import type { SignedTx } from '../txfactory.ts';
import type { TxTypesInfo } from '../types.ts';
import type { ScenarioContext } from './context.ts';

/** Storage slot 0 of the Delegate: its ping counter, kept in the delegating account's storage. */
const SLOT_0 = `0x${'00'.repeat(32)}`;
/** The nonce of the authorization the chain skips because it is not the signer's. */
export const WRONG_NONCE = 7;
/** Text carried by the scenario's blob. */
export const BLOB_TEXT = 'STO devnet blob: hello from EIP-4844';
/** KZG commitment and proof of textBlob(BLOB_TEXT) (tests/unit/devnet-kzg.test.ts recomputes them). */
export const BLOB_KZG = {
  commitment: '0xa4deb90f94d713afc680a7cf30787a686c0a88a500ddceb093990749cabc551a56637c63b8411d10cde9bf4c7adcd60a',
  proof: '0x80834ae175c9955a779ba0b6b34b45dcce2e0191887f8eff042c431be50998eebd111ed48bc1dd439ff89468c04becda',
} as const;

/** Blocks this step mines. */
export const DELEGATION_BLOCKS = 3;

const GAS = { deploy: 400_000, setCode: 200_000, setCodeSkipped: 80_000, ping: 80_000, blob: 21_000 } as const;

/** Deterministic accounts of this part (key = keccak256(label)), fresh on every devnet: no other step sends from them. */
function labelled(label: string): Wallet {
  return new Wallet(keccak256(toUtf8Bytes(label)));
}

/**
 * Mines the delegation and blob transactions in DELEGATION_BLOCKS blocks, through `mine` (a block of the history's
 * schedule: history.ts's HistoryTail).
 */
export async function runDelegations(ctx: ScenarioContext, mine: (txs: SignedTx[]) => Promise<void>): Promise<TxTypesInfo> {
  const { world, deployer } = ctx;
  const factory = world.factory;
  const authority = labelled('sto-devnet-7702-authority');
  const stranger = labelled('sto-devnet-7702-stranger');
  const artifact = world.artifacts['Delegate'];
  if (!artifact) throw new Error('no artifact for Delegate');
  const ping = new Interface(artifact.abi as InterfaceAbi).encodeFunctionData('ping', []);

  const deploy = world.deploy(deployer, 'Delegate', [], GAS.deploy, 'delegate', 'eip1559');
  await mine([deploy]);
  const delegate = deploy.created ?? '';

  const setCode = world.typed({
    from: deployer,
    to: authority.address,
    data: ping,
    gas: GAS.setCode,
    fee: 'setCode',
    authorizationList: [factory.authorize(authority, delegate), factory.authorize(stranger, delegate, { nonce: WRONG_NONCE })],
    accessList: [
      { address: authority.address, storageKeys: [SLOT_0] },
      { address: delegate, storageKeys: [] },
    ],
  });
  const wrongChainId = factory.chainId + 1;
  const skipped = world.typed({
    from: deployer,
    to: stranger.address,
    gas: GAS.setCodeSkipped,
    fee: 'setCode',
    authorizationList: [factory.authorize(stranger, delegate, { chainId: wrongChainId })],
  });
  const data = textBlob(BLOB_TEXT);
  const kzg = recordedKzg(data, BLOB_KZG.commitment, BLOB_KZG.proof);
  const blob = world.typed({ from: deployer, to: stranger.address, gas: GAS.blob, fee: 'blob', blobs: [data], kzg });
  await mine([setCode, skipped, blob]);

  const again = world.typed({ from: deployer, to: authority.address, data: ping, gas: GAS.ping, fee: 'eip1559' });
  await mine([again]);
  ctx.log(`scenario: EIP-7702 delegation and blob transactions mined (${ctx.ms()} ms)`);

  return {
    delegate,
    authority: authority.address,
    stranger: stranger.address,
    setCodeTx: setCode.hash,
    skippedSetCodeTx: skipped.hash,
    wrongNonce: WRONG_NONCE,
    wrongChainId,
    pingTx: again.hash,
    blobTx: blob.hash,
    blobText: BLOB_TEXT,
    eip1559Tx: deploy.hash,
  };
}
