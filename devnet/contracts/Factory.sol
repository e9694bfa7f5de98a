// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Child: what the Factory creates.
/// @notice Remembers its seed and its creator (the Factory, a contract, not the transaction's sender).
contract Child {
    uint256 public seed;
    address public creator;

    constructor(uint256 seed_) payable {
        seed = seed_;
        creator = msg.sender;
    }
}

/// @title Factory: one call that creates a contract and calls another.
/// @notice make() gives the explorer internal calls to show (a CREATE with value and a CALL) and a contract whose
///         creator is a contract.
contract Factory {
    event Made(address indexed child, address indexed target);

    /// @notice Creates a Child with half the value sent, then calls target's getValue().
    /// @param target A contract with getValue(), e.g. the Playground.
    /// @param seed Stored by the new Child.
    /// @return child The new Child's address.
    function make(address target, uint256 seed) external payable returns (address child) {
        child = address(new Child{value: msg.value / 2}(seed));
        (bool ok, ) = target.call(abi.encodeWithSignature("getValue()"));
        require(ok, "Factory: target call failed");
        emit Made(child, target);
    }
}
