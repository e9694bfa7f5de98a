// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Playground: a standalone contract exercising every kind of function and event.
/// @notice Used by the explorer's contract interaction page. No imports, so it can be verified as one file.
contract Playground {
    struct Info {
        address owner;
        uint256 value;
        string message;
        uint256 balance;
    }

    address public owner;
    uint256 public value;
    string public message;
    uint256 public messageCount;
    bool public paused;
    mapping(address => uint256) public deposits;

    event ValueChanged(address indexed by, uint256 oldValue, uint256 newValue);
    event MessagePosted(address indexed author, uint256 indexed id, string text);
    event Deposited(address indexed from, uint256 amount, string note);
    event Withdrawn(address indexed to, uint256 amount);
    event PausedSet(bool paused);

    error Unauthorized(address caller);
    error InsufficientDeposit(uint256 requested, uint256 available);

    constructor(uint256 initialValue, string memory initialMessage) {
        owner = msg.sender;
        value = initialValue;
        message = initialMessage;
    }

    // ---- pure ----

    function add(uint256 a, uint256 b) external pure returns (uint256) {
        return a + b;
    }

    function multiply(int256 a, int256 b) external pure returns (int256) {
        return a * b;
    }

    function echo(string calldata text) external pure returns (string memory) {
        return text;
    }

    function hashOf(bytes calldata data) external pure returns (bytes32) {
        return keccak256(data);
    }

    function sum(uint256[] calldata items) external pure returns (uint256 total, uint256 count) {
        for (uint256 i = 0; i < items.length; i++) total += items[i];
        count = items.length;
    }

    // ---- view ----

    function getValue() external view returns (uint256) {
        return value;
    }

    function getInfo() external view returns (Info memory) {
        return Info(owner, value, message, address(this).balance);
    }

    function depositOf(address account) external view returns (uint256) {
        return deposits[account];
    }

    function contractBalance() external view returns (uint256) {
        return address(this).balance;
    }

    // ---- non-payable ----

    function setValue(uint256 newValue) external {
        require(!paused, "Playground: paused");
        emit ValueChanged(msg.sender, value, newValue);
        value = newValue;
    }

    function increment() external returns (uint256) {
        require(!paused, "Playground: paused");
        emit ValueChanged(msg.sender, value, value + 1);
        value += 1;
        return value;
    }

    function postMessage(string calldata text) external returns (uint256 id) {
        require(bytes(text).length > 0, "Playground: empty message");
        id = ++messageCount;
        message = text;
        emit MessagePosted(msg.sender, id, text);
    }

    function setPaused(bool paused_) external {
        if (msg.sender != owner) revert Unauthorized(msg.sender);
        paused = paused_;
        emit PausedSet(paused_);
    }

    function withdraw(uint256 amount) external {
        uint256 available = deposits[msg.sender];
        if (amount > available) revert InsufficientDeposit(amount, available);
        deposits[msg.sender] = available - amount;
        emit Withdrawn(msg.sender, amount);
        (bool ok, ) = payable(msg.sender).call{value: amount}("");
        require(ok, "Playground: transfer failed");
    }

    function fail() external pure {
        revert("Playground: this call always reverts");
    }

    // ---- payable ----

    function deposit() external payable {
        require(msg.value > 0, "Playground: nothing sent");
        deposits[msg.sender] += msg.value;
        emit Deposited(msg.sender, msg.value, "");
    }

    function tip(string calldata note) external payable {
        deposits[msg.sender] += msg.value;
        emit Deposited(msg.sender, msg.value, note);
    }

    receive() external payable {
        deposits[msg.sender] += msg.value;
        emit Deposited(msg.sender, msg.value, "receive");
    }
}
