// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title ERC-20 whose name() and symbol() return bytes that are not valid UTF-8.
/// @dev Hostile fixture: explorers must survive strings they cannot decode.
contract BadUtf8Token is ERC20 {
    bytes private _rawName;
    bytes private _rawSymbol;

    constructor(bytes memory rawName, bytes memory rawSymbol, uint256 initialSupply) ERC20("", "") {
        _rawName = rawName;
        _rawSymbol = rawSymbol;
        _mint(msg.sender, initialSupply);
    }

    function name() public view override returns (string memory) {
        return string(_rawName);
    }

    function symbol() public view override returns (string memory) {
        return string(_rawSymbol);
    }
}
