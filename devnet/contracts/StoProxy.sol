// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title StoProxy: a minimal EIP-1967 proxy.
/// @notice Keeps its implementation in the EIP-1967 slot and delegates every call to it. It has no functions of its
///         own, so every call (and every plain transfer) reaches the implementation, on the proxy's own storage.
contract StoProxy {
    /// @dev bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1)
    bytes32 internal constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    /// @notice The implementation changed (only once here, at construction).
    event Upgraded(address indexed implementation);

    /// @param implementation The contract every call is delegated to.
    /// @param init Calldata delegated to the implementation once, at construction; empty for none. A revert bubbles up.
    constructor(address implementation, bytes memory init) payable {
        assembly {
            sstore(IMPLEMENTATION_SLOT, implementation)
        }
        emit Upgraded(implementation);
        if (init.length > 0) {
            (bool ok, bytes memory reason) = implementation.delegatecall(init);
            if (!ok) {
                assembly {
                    revert(add(reason, 32), mload(reason))
                }
            }
        }
    }

    fallback() external payable {
        _delegate();
    }

    receive() external payable {
        _delegate();
    }

    /// @dev Delegates the current call to the implementation and returns or reverts with its return data.
    function _delegate() private {
        assembly {
            let impl := sload(IMPLEMENTATION_SLOT)
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 {
                revert(0, returndatasize())
            }
            default {
                return(0, returndatasize())
            }
        }
    }
}
