// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Two contracts the devnet deploys and calls but never verifies (issue 29, decoding without verified source).

/// Access control written by hand with the function and event signatures of OpenZeppelin's AccessControl and
/// Ownable: the explorer names its calls and logs from the bundled signature set, not from verified source.
contract RoleRegistry {
    event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender);
    event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    address public owner;
    mapping(bytes32 => mapping(address => bool)) private members;

    constructor() {
        owner = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
    }

    function hasRole(bytes32 role, address account) external view returns (bool) {
        return members[role][account];
    }

    function grantRole(bytes32 role, address account) external {
        require(msg.sender == owner, "not the owner");
        members[role][account] = true;
        emit RoleGranted(role, account, msg.sender);
    }

    function revokeRole(bytes32 role, address account) external {
        require(msg.sender == owner, "not the owner");
        members[role][account] = false;
        emit RoleRevoked(role, account, msg.sender);
    }

    function transferOwnership(address newOwner) external {
        require(msg.sender == owner, "not the owner");
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }
}

/// Functions and an event whose signatures no database knows: its calls show as 32-byte words with guessed types.
contract MysteryLedger {
    event Qx7Settled(address indexed who, uint256 amount, bytes memo);

    mapping(address => uint256) public qx7Balance;

    function qx7Settle(uint256 amount, address who, bytes calldata memo) external {
        qx7Balance[who] += amount;
        emit Qx7Settled(who, amount, memo);
    }
}
