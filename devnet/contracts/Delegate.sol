// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Delegate: the code an account delegates to with EIP-7702 (devnet/scenario/delegations.ts).
/// @notice Runs in the delegating account's own context: `ping` counts in that account's storage and logs it.
contract Delegate {
    uint256 public pings;

    event Pinged(address indexed account, address indexed caller, uint256 count);

    /// @notice Counts one more ping in the calling account's storage.
    function ping() external returns (uint256) {
        pings += 1;
        emit Pinged(address(this), msg.sender, pings);
        return pings;
    }

    /// @notice A delegated account still takes plain payments.
    receive() external payable {}
}
