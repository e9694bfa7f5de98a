// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @title ERC-721 with fully on-chain metadata and SVG images.
/// @dev style 0 draws shapes, style 1 draws badges. Anyone can mint.
contract OnchainNFT is ERC721 {
    using Strings for uint256;

    uint256 public totalSupply;
    uint8 public immutable style;
    string private _description;

    constructor(string memory name_, string memory symbol_, string memory description_, uint8 style_)
        ERC721(name_, symbol_)
    {
        _description = description_;
        style = style_;
    }

    function mint(address to) external returns (uint256 tokenId) {
        tokenId = ++totalSupply;
        _safeMint(to, tokenId);
    }

    function burn(uint256 tokenId) external {
        _update(address(0), tokenId, msg.sender);
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        uint256 seed = uint256(keccak256(abi.encodePacked(address(this), tokenId)));
        string memory json = string.concat(
            '{"name":"', name(), " #", tokenId.toString(),
            '","description":"', _description,
            '","image":"data:image/svg+xml;base64,', Base64.encode(bytes(_svg(tokenId, seed))),
            '","attributes":', _attributes(seed), "}"
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }

    function _palette(uint256 i) private pure returns (string memory) {
        string[6] memory colors = ["#0ea5e9", "#f97316", "#22c55e", "#a855f7", "#ef4444", "#eab308"];
        return colors[i % 6];
    }

    function _colorName(uint256 i) private pure returns (string memory) {
        string[6] memory names = ["Sky", "Orange", "Green", "Purple", "Red", "Gold"];
        return names[i % 6];
    }

    function _shapeName(uint256 i) private view returns (string memory) {
        if (style == 0) {
            string[3] memory shapes = ["Circle", "Square", "Triangle"];
            return shapes[i % 3];
        }
        string[3] memory ranks = ["Bronze", "Silver", "Platinum"];
        return ranks[i % 3];
    }

    function _attributes(uint256 seed) private view returns (string memory) {
        uint256 level = 1 + ((seed >> 32) % 99);
        return string.concat(
            '[{"trait_type":"Background","value":"', _colorName(seed),
            '"},{"trait_type":"', style == 0 ? "Shape" : "Rank", '","value":"', _shapeName(seed >> 8),
            '"},{"trait_type":"Accent","value":"', _colorName(seed >> 16),
            '"},{"display_type":"number","trait_type":"Level","value":', level.toString(), "}]"
        );
    }

    function _svg(uint256 tokenId, uint256 seed) private view returns (string memory) {
        string memory bg = _palette(seed);
        string memory fg = _palette((seed >> 16) + 1);
        string memory shape;
        uint256 kind = (seed >> 8) % 3;
        if (style == 0) {
            if (kind == 0) shape = string.concat('<circle cx="160" cy="150" r="90" fill="', fg, '"/>');
            else if (kind == 1) shape = string.concat('<rect x="70" y="60" width="180" height="180" rx="12" fill="', fg, '"/>');
            else shape = string.concat('<polygon points="160,50 260,240 60,240" fill="', fg, '"/>');
        } else {
            shape = string.concat(
                '<circle cx="160" cy="140" r="95" fill="none" stroke="', fg, '" stroke-width="18"/>',
                '<path d="M120 225 L100 300 L160 270 L220 300 L200 225" fill="', fg, '"/>'
            );
        }
        return string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 320" width="320" height="320">',
            '<rect width="320" height="320" fill="', bg, '"/>', shape,
            '<text x="160" y="300" font-family="monospace" font-size="22" text-anchor="middle" fill="#fff">#',
            tokenId.toString(), "</text></svg>"
        );
    }
}
