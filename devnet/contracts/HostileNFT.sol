// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// @title ERC-721 whose name, symbol and token URIs are whatever the minter stored.
/// @dev Hostile fixture: the devnet stores script tags, javascript: URLs and malformed JSON here.
contract HostileNFT is ERC721 {
    uint256 public totalSupply;
    mapping(uint256 => string) private _uris;

    constructor(string memory name_, string memory symbol_) ERC721(name_, symbol_) {}

    function mint(address to, string calldata uri) external returns (uint256 tokenId) {
        tokenId = ++totalSupply;
        _uris[tokenId] = uri;
        _mint(to, tokenId);
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        return _uris[tokenId];
    }
}
